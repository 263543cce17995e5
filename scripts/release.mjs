// `npm run upgrade -- <version, tag or git ref>` and `npm run rollback` (deploy/README.md, "Upgrade"
// and "Roll back"; decisions 0051 and 0061). Releases live side by side under the deploy root:
//
//   <root>/repo               a git clone of the site, fetched before each upgrade
//   <root>/releases/<name>    one built release each (npm ci, npm run build), never changed again
//   <root>/current            a link to the release the service runs
//   <root>/previous           a link to the one before, for the rollback
//
// The service starts <root>/current/dist/server/main.js. A switch points `current` at a release
// and sends the running cluster primary SIGHUP: it migrates with the new release's code, then
// replaces its server processes one at a time (src/server/cluster-primary.ts). The command says a
// release serves only when the primary it signalled is still the same live process, every server
// process is a new one running the release's real entry, and /api/health answers with the
// release's version and commit. A primary that cannot reload (no SIGHUP handler: releases before
// 0.2.0; or one process, WEB_CONCURRENCY=1) is restarted instead (`systemctl restart`: seconds in
// which Caddy holds visitors, then shows its maintenance page), and so is one that died on the
// signal; without systemd (NORTHSTAR_PID) the command fails with the command to run.
//
// Before it switches, it checks the target can run on the database: a release that refuses
// migrations it does not know (before 0.2.0) must know every migration the database has had.
//
// A server laid out as 0.1.0's recipe did (the clone itself in <root>, built there, run from
// there) is moved to this layout by the first upgrade: the clone becomes <root>/repo and its
// build the previous release, and the release's unit file is installed (it runs `current`).
//
// The root: NORTHSTAR_ROOT, else the folder above releases/ when this script runs from a release,
// else /srv/northstar. The service: NORTHSTAR_SERVICE (default northstar), controlled through
// NORTHSTAR_SYSTEMCTL (default systemctl; the tests' stand-in supervises like systemd), its unit
// file NORTHSTAR_UNIT_FILE (default /etc/systemd/system/<service>.service). NORTHSTAR_PID names a
// primary started without systemd: then nothing can restart it. NORTHSTAR_ROOT and NORTHSTAR_PID
// together are the local trial of deploy/README.md, "Try the upgrade without systemd".
//
// A build's output is kept in releases/<name>.log. Whatever fails, the command ends with one
// paragraph (what failed, the failing command's last lines, whether the running release is
// unchanged and still serving, checked, and where the log is), never a stack trace, and exits 1.
//
//   node scripts/release.mjs upgrade <ref>       build the ref beside the running release, switch to it
//   node scripts/release.mjs rollback            switch back to the previous release
//   node scripts/release.mjs switch <folder>     switch to a release folder already built
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { argumentsOf, childrenOf } from './lib/processes.mjs';
import { findRelease, gitIn, versionPattern } from './lib/releases.mjs';

const keptReleases = 3;
const switchTimeoutMs = 180_000;
const restartTimeoutMs = 90_000;
/** The first release that starts on a database holding migrations it does not know (src/server/db/migrate.ts). */
const firstReleaseToleratingNewerMigrations = '0.2.0';

/**
 * A failure that ends the command. `closing` says whether the command then checks and states what
 * still serves (nothing was switched, or the switch was put back): a failed upgrade always ends
 * with one paragraph saying what failed, whether the running release is unchanged and serving,
 * and where the full log is, never a stack trace.
 */
class Failure extends Error {
  constructor(message, { closing = true, tail = [], log } = {}) {
    super(message);
    this.closing = closing;
    this.tail = tail;
    this.log = log;
  }
}
const fail = (message, options) => {
  throw new Failure(message, options);
};
/** A node stack frame (`    at build (…/release.mjs:466:3)`): kept in the log, never printed. */
const stackLine = /^\s+at /;

const thisRelease = path.resolve(import.meta.dirname, '..');
const root = path.resolve(
  process.env.NORTHSTAR_ROOT ||
    (path.basename(path.dirname(thisRelease)) === 'releases'
      ? path.dirname(path.dirname(thisRelease))
      : '/srv/northstar'),
);
const service = process.env.NORTHSTAR_SERVICE || 'northstar';
const systemctlCommand = process.env.NORTHSTAR_SYSTEMCTL || 'systemctl';
const unitFile = process.env.NORTHSTAR_UNIT_FILE || `/etc/systemd/system/${service}.service`;
const supervised = !process.env.NORTHSTAR_PID;
const restartHint = `sudo systemctl restart ${service}`;

const link = (name) => path.join(root, name);
const entryOf = (release) => path.join(release, 'dist', 'server', 'main.js');
const linked = (name) => {
  try {
    return fs.realpathSync(link(name));
  } catch {
    return undefined;
  }
};

/**
 * 0.1.0's recipe: the clone itself is the root, built and run in place, with no releases/ yet.
 * The first upgrade builds in <root>.upgrading and then moves everything into the release layout.
 */
const oldLayout = !fs.existsSync(link('releases')) && !fs.existsSync(link('current')) && fs.existsSync(entryOf(root));
const staging = `${root}.upgrading`;
const releasesDir = oldLayout ? path.join(staging, 'releases') : link('releases');
const repository = oldLayout ? root : link('repo');

/** Points a link at a folder in one step (a new link renamed over the old), so it is never missing. */
function pointLink(name, target) {
  const temporary = `${link(name)}.new`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, target), temporary);
  fs.renameSync(temporary, link(name));
}

const systemctl = (...args) => execFileSync(systemctlCommand, args, { encoding: 'utf8' }).trim();

function mainPid() {
  if (process.env.NORTHSTAR_PID) return Number(process.env.NORTHSTAR_PID);
  const pid = Number(systemctl('show', '--property=MainPID', '--value', service));
  if (!pid)
    fail(`The ${service} service is not running: start it (sudo systemctl start ${service}), then run this again.`);
  return pid;
}

/**
 * A live process as itself: its id and its start time, so a new process given the same id is not
 * taken for it. An ended one not yet collected by its parent (a zombie) is not live.
 */
const identify = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ['Z', 'X'].includes(fields[0] ?? 'X') ? undefined : { pid, started: fields[19] };
  } catch {
    return undefined;
  }
};
const isAlive = (process) => identify(process.pid)?.started === process.started;

/** Whether a process has a handler for SIGHUP (bit 0 of SigCgt): without one, SIGHUP ends it. */
const handlesSighup = (pid) => {
  const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return caught !== undefined && (BigInt(`0x${caught}`) & 1n) === 1n;
};

/** main.js runs with these for one job and exits (src/server/release.ts): not a server process. */
const oneOffFlags = ['--migrate-only', '--applied-migrations'];

/** The server processes of a cluster primary, each with its id and the entry it runs (the migration step excluded). */
const serverProcesses = (pid) =>
  childrenOf(pid)
    .map((child) => ({ pid: child, args: argumentsOf(child) }))
    .filter(({ args }) => args.length > 0 && !args.some((argument) => oneOffFlags.includes(argument)))
    .map(({ pid: child, args }) => ({
      pid: child,
      entry: args.find((argument) => argument.endsWith(path.join('dist', 'server', 'main.js'))),
    }));

const runs = (processEntry, entry) => {
  try {
    return processEntry !== undefined && fs.realpathSync(processEntry) === entry;
  } catch {
    return false;
  }
};

/** The service's own environment (its settings file, as systemd gave it), read from the running primary. */
function environmentOf(pid) {
  try {
    return Object.fromEntries(
      fs
        .readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
  } catch {
    return {};
  }
}

/** The site's /api/health as the primary `pid` serves it, or undefined when nothing answers. */
async function healthOf(pid) {
  const env = environmentOf(pid);
  const host = !env.HOST || ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || 3000}/api/health`, {
      signal: AbortSignal.timeout(3000),
    });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

/** A release's name: its folder's, or the name of the link in releases/ that leads to it (0.1.0's build in repo/). */
function releaseName(release) {
  for (const folder of [link('releases'), releasesDir]) {
    try {
      for (const name of fs.readdirSync(folder)) {
        const entry = path.join(folder, name);
        if (fs.lstatSync(entry).isSymbolicLink() && fs.realpathSync(entry) === release) return name;
      }
    } catch {
      // no such folder yet
    }
  }
  return path.basename(release);
}

/** What a release is, read without running it: dist/build-info.json, or its sources for a release older than that file's fields. */
function describeRelease(release) {
  let info = {};
  try {
    info = JSON.parse(fs.readFileSync(path.join(release, 'dist', 'build-info.json'), 'utf8'));
  } catch {
    // no build info: described from the sources below
  }
  const migrationsDir = path.join(release, 'src', 'server', 'db', 'migrations');
  const migrations =
    info.migrations ??
    (fs.existsSync(migrationsDir)
      ? fs
          .readdirSync(migrationsDir)
          .filter((file) => /^\d{4}-\d{2}-\d{2}-\d{4}-.*\.ts$/.test(file) && !file.includes('.test.'))
          .map((file) => file.replace(/\.ts$/, ''))
      : undefined);
  let version = info.version;
  try {
    version ??= JSON.parse(fs.readFileSync(path.join(release, 'package.json'), 'utf8')).version;
  } catch {
    // unknown
  }
  return {
    name: releaseName(release),
    version,
    commit: info.commit,
    migrations,
    toleratesNewerMigrations: info.unknownMigrations === 'tolerated',
  };
}

/**
 * The migrations the site's database has had, asked of a release that can say (--applied-migrations)
 * with the service's own settings, folder and user; undefined when none can.
 */
function appliedMigrations(pid, ...candidates) {
  const reader = candidates.find((release) => release && describeRelease(release).toleratesNewerMigrations);
  if (!reader) return undefined;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const id = (field) => Number(new RegExp(`^${field}:\\s*(\\d+)`, 'm').exec(status)?.[1]);
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(process.execPath, [entryOf(reader), '--applied-migrations'], {
    cwd: fs.realpathSync(`/proc/${pid}/cwd`),
    env: environmentOf(pid),
    encoding: 'utf8',
    ...(asRoot ? { uid: id('Uid'), gid: id('Gid') } : {}),
  });
  if (result.status !== 0) fail(`Could not read which migrations the database has had:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** Refuses at once a release that would not start on this database (before anything is switched). */
function checkMigrations(pid, target, running) {
  const known = describeRelease(target);
  if (known.toleratesNewerMigrations) return;
  const applied =
    appliedMigrations(pid, running, thisRelease) ?? describeRelease(running ?? thisRelease).migrations ?? [];
  const unknown = applied.filter((name) => !(known.migrations ?? []).includes(name));
  if (unknown.length === 0) return;
  fail(
    `${known.name} (version ${known.version ?? 'unknown'}) cannot run on this database: it was migrated by a newer ` +
      `release (${unknown.join(', ')}), and releases before ${firstReleaseToleratingNewerMigrations} refuse to start ` +
      `on migrations they do not know. Nothing was changed. The first release that can run on this database is ` +
      `${firstReleaseToleratingNewerMigrations}: roll back no further than that (npm run upgrade -- v${firstReleaseToleratingNewerMigrations}), ` +
      `or restore a backup made before the upgrade (deploy/README.md, "Restore").`,
  );
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when /api/health answers as `release` (its version, and its commit when the build names one). */
const answersAs = (health, release) =>
  health !== undefined &&
  (release.version === undefined || health.version === release.version) &&
  (release.commit === undefined || health.commit === release.commit);

/**
 * Restarts the service on the release `current` leads to and waits until it serves it: a new main
 * process whose server processes run its entry, answering /api/health as that release.
 */
async function restartOnto(release, oldPrimary, why) {
  const described = describeRelease(release);
  const entry = entryOf(release);
  if (!supervised) {
    fail(
      `${why}, and this command restarts only a systemd service (NORTHSTAR_PID is set). \`current\` leads to ` +
        `${described.name}: restart the server to run it (${restartHint}, or however you started pid ${oldPrimary.pid}).`,
      { closing: false },
    );
  }
  console.log(
    `${why}: restarting the service (Caddy holds visitors for a few seconds, then shows the maintenance page)…`,
  );
  const started = performance.now();
  try {
    systemctl('restart', service);
  } catch (error) {
    fail(
      `\`systemctl restart ${service}\` failed (${error.message.trim()}): run ${restartHint} and see journalctl -u ${service}.`,
      { closing: false },
    );
  }
  const deadline = started + restartTimeoutMs;
  for (;;) {
    const pid = Number(systemctl('show', '--property=MainPID', '--value', service));
    const primary = pid ? identify(pid) : undefined;
    if (primary && primary.pid !== oldPrimary.pid) {
      const workers = serverProcesses(pid);
      const serving =
        workers.length > 0 ? workers.every((worker) => runs(worker.entry, entry)) : runs(argumentsOf(pid)[1], entry);
      if (serving && answersAs(await healthOf(pid), described)) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        return { seconds };
      }
    }
    if (performance.now() > deadline) {
      fail(
        `The ${service} service did not come back serving ${described.name} within ${restartTimeoutMs / 1000} s: ` +
          `journalctl -u ${service} says why. \`current\` leads to ${described.name}; ${restartHint} tries again.`,
        { closing: false },
      );
    }
    await pause(250);
  }
}

/** Moves 0.1.0's layout (the clone in <root>, run in place) into releases; returns the moved target. */
function adoptReleaseLayout(target) {
  const git = gitIn(root);
  const version = describeRelease(root).version ?? 'old';
  const short = git.try('rev-parse', '--short', 'HEAD') ?? 'checkout';
  const oldName = `v${version}-${short}`;
  fs.mkdirSync(path.join(staging, 'releases'), { recursive: true });
  // The running primary keeps its open files and folder through the renames; only a server
  // process it replaced before the restart below would miss its old path.
  fs.renameSync(root, path.join(staging, 'repo'));
  fs.symlinkSync(path.join('..', 'repo'), path.join(staging, 'releases', oldName));
  fs.renameSync(staging, root);
  console.log(
    `Moved to the release layout: ${link('repo')} (the clone), ${link('releases')}/${oldName} (the running build).`,
  );
  const moved = target.startsWith(`${staging}${path.sep}`) ? path.join(root, path.relative(staging, target)) : target;
  return { moved, old: path.join(root, 'releases', oldName) };
}

/** Installs the release's unit file (the one that runs `current`), keeping the one it replaces. */
function installUnit(release) {
  const unit = path.join(release, 'deploy', 'northstar.service');
  const installed = fs.existsSync(unitFile) ? fs.readFileSync(unitFile, 'utf8') : undefined;
  if (installed === fs.readFileSync(unit, 'utf8')) return;
  if (installed !== undefined) fs.copyFileSync(unitFile, `${unitFile}.before-upgrade`);
  fs.copyFileSync(unit, unitFile);
  systemctl('daemon-reload');
  console.log(
    `Installed ${unitFile} from ${path.basename(release)}${installed ? ` (the old one: ${unitFile}.before-upgrade)` : ''}.`,
  );
}

/** Makes `release` the running one; on failure the links go back and the old release keeps serving. */
async function switchTo(target) {
  let release = target;
  if (!fs.existsSync(entryOf(release))) fail(`${release} holds no built server (${entryOf(release)}).`);
  const pid = mainPid();
  const primary = identify(pid);
  if (!primary) fail(`No process ${pid}: the site is not running.`);
  let before = oldLayout ? root : linked('current');
  if (before === release) {
    console.log(`${path.basename(release)} is already the current release.`);
    return;
  }
  checkMigrations(pid, release, before);
  const described = describeRelease(release);
  const oldWorkers = serverProcesses(pid);
  const reloadable = handlesSighup(pid) && oldWorkers.length > 0 && !oldLayout;
  if (!reloadable) {
    const why = oldLayout
      ? `The site runs from ${root} as 0.1.0's recipe laid it out, so this first upgrade moves it into releases and restarts it`
      : !handlesSighup(pid)
        ? `The running server (pid ${pid}, ${before ? releaseName(before) : 'unknown release'}) cannot reload: it has no SIGHUP handler (a release before ${firstReleaseToleratingNewerMigrations})`
        : 'The running server has no separate server processes to replace one by one (WEB_CONCURRENCY=1)';
    if (!supervised) {
      fail(
        `${why}, and this command restarts only a systemd service (NORTHSTAR_PID is set). Nothing was changed. ` +
          `To switch with a restart: point ${link('current')} at ${release} and restart the server (${restartHint}).`,
      );
    }
    if (oldLayout) {
      ({ moved: release, old: before } = adoptReleaseLayout(release));
      installUnit(release);
    }
    pointLink('current', release);
    const { seconds } = await restartOnto(release, primary, why);
    if (before) pointLink('previous', before);
    console.log(
      `${described.name} serves (version ${described.version}${described.commit ? `, commit ${described.commit.slice(0, 7)}` : ''}), ` +
        `after a restart: ${seconds} s until it answered. The previous release is ${before ? releaseName(before) : 'none'}.`,
    );
    return;
  }

  pointLink('current', release);
  process.kill(pid, 'SIGHUP');
  console.log(`Switching ${oldWorkers.length} server processes to ${described.name}…`);
  const entry = entryOf(release);
  const replaced = new Set(oldWorkers.map((worker) => worker.pid));
  const deadline = Date.now() + switchTimeoutMs;
  for (;;) {
    if (!isAlive(primary)) {
      // It died on the signal (or on its own meanwhile): nothing serves until it is started again.
      await pause(1000); // systemd notices the exit
      const { seconds } = await restartOnto(
        release,
        primary,
        `The server's main process (pid ${pid}) ended after SIGHUP`,
      );
      if (before) pointLink('previous', before);
      console.log(
        `${described.name} serves, after a restart: ${seconds} s until it answered. The previous release is ${before ? releaseName(before) : 'none'}.`,
      );
      return;
    }
    const running = serverProcesses(pid);
    const moved =
      running.length >= oldWorkers.length &&
      running.every((worker) => !replaced.has(worker.pid) && runs(worker.entry, entry));
    if (moved && isAlive(primary) && answersAs(await healthOf(pid), described)) break;
    if (Date.now() > deadline) {
      if (before) pointLink('current', before);
      fail(
        `The server processes did not all move to ${described.name} within ${switchTimeoutMs / 1000} s; ` +
          `\`current\` points at ${before ? releaseName(before) : 'nothing'} again. The service's log says why ` +
          `(journalctl -u ${service} | grep reload).`,
      );
    }
    await pause(200);
  }
  if (before) pointLink('previous', before);
  console.log(
    `${described.name} serves (version ${described.version}${described.commit ? `, commit ${described.commit.slice(0, 7)}` : ''}): ` +
      `${oldWorkers.length} new server processes under the same main process (pid ${pid}). ` +
      `The previous release is ${before ? releaseName(before) : 'none'}.`,
  );
}

/** How many of a failed command's last lines the failure shows (the log keeps them all). */
const tailLines = 15;

/**
 * Runs one command of a build in `cwd`: its output shown as it comes, without stack frames, and
 * kept whole in `log`. Resolves with how it ended and its last lines.
 */
function runLogged(command, args, { cwd, env, log }) {
  fs.appendFileSync(log, `\n$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    const show = (text, to) => {
      if (stackLine.test(text)) return;
      to.write(`${text}\n`);
      if (text.trim() === '') return;
      tail.push(text);
      if (tail.length > tailLines) tail.shift();
    };
    const read = (stream, to) => {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        fs.appendFileSync(log, chunk);
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) show(line.replace(/\r$/, ''), to);
      });
      stream.on('end', () => pending && show(pending, to));
    };
    read(child.stdout, process.stdout);
    read(child.stderr, process.stderr);
    child.once('error', (error) => {
      fs.appendFileSync(log, `${error.message}\n`);
      resolve({ code: null, signal: null, tail: [error.message] });
    });
    child.once('close', (code, signal) => resolve({ code, signal, tail }));
  });
}

/** Half-built releases (`<name>.building`) an earlier upgrade left when it was killed: removed before another build. */
function removeHalfBuilt() {
  for (const folder of new Set([releasesDir, link('releases')])) {
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder).filter((entry) => entry.endsWith('.building'))) {
      fs.rmSync(path.join(folder, name), { recursive: true, force: true });
      console.log(`Removed ${path.join(folder, name)}, a release an earlier upgrade left half-built.`);
    }
  }
}

/**
 * Builds a version (0.2.0, v0.2.0) or git ref into releases/<name>, or reuses that folder when it
 * was built before. The build's output goes to releases/<name>.log as well; a failed build's
 * folder is removed.
 */
async function build(ref) {
  if (!fs.existsSync(path.join(repository, '.git')))
    fail(`No git clone at ${repository}: see deploy/README.md, "Upgrade".`);
  const git = gitIn(repository);
  if (git('remote').length > 0) git('fetch', '--quiet', '--tags', '--force', 'origin');
  const byVersion = versionPattern.test(ref) ? findRelease(git, ref) : undefined;
  if (versionPattern.test(ref) && !byVersion) {
    fail(
      `No release ${ref} in ${repository}: neither a tag v${ref.replace(/^v/, '')} nor a commit that set that version.`,
    );
  }
  const commit = byVersion?.commit ?? git.try('rev-parse', '--verify', `${ref}^{commit}`);
  if (!commit) fail(`${ref} is not a version, tag, branch or commit in ${repository}.`);
  const short = git('rev-parse', '--short', commit);
  const described = byVersion ? `v${byVersion.version}` : git('describe', '--tags', '--always', commit);
  // v1.4.0-<commit>, or the commit alone before the first tag.
  const name = (described === short ? short : `${described.replace(/-g[0-9a-f]+$/, '')}-${short}`).replaceAll(
    /[^\w.-]/g,
    '-',
  );
  for (const folder of [path.join(releasesDir, name), path.join(link('releases'), name)]) {
    if (fs.existsSync(path.join(folder, 'dist', 'build-info.json'))) return folder;
  }
  const release = path.join(releasesDir, name);
  const building = `${release}.building`;
  const log = `${release}.log`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  fs.writeFileSync(log, `Building ${name} (commit ${commit}) in ${building}, ${new Date().toISOString()}\n`);
  try {
    const archive = spawnSync('git', ['-c', `safe.directory=${repository}`, '-C', repository, 'archive', commit], {
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) {
      fs.appendFileSync(log, archive.stderr);
      fail(`Building ${name} failed: \`git archive ${commit}\` failed.`, { tail: lastLines(archive.stderr), log });
    }
    execFileSync('tar', ['-x', '-C', building], { input: archive.stdout });
    console.log(`Building ${name} in ${building}…`);
    const env = { ...process.env, NORTHSTAR_COMMIT: commit };
    for (const [label, args] of [
      ['npm ci', ['ci', '--no-audit', '--no-fund']],
      ['npm run build', ['run', 'build']],
    ]) {
      const { code, signal, tail } = await runLogged('npm', args, { cwd: building, env, log });
      if (code !== 0) {
        const ended = signal ? `ended on ${signal}` : code === null ? 'did not start' : `exited with code ${code}`;
        fail(`Building ${name} failed: \`${label}\` ${ended}.`, { tail, log });
      }
    }
    fs.renameSync(building, release);
    return release;
  } finally {
    // Nothing once renamed; what a failed build left otherwise.
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/** The last lines of a command's output, without stack frames. */
const lastLines = (output) =>
  String(output ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !stackLine.test(line))
    .slice(-tailLines);

/** Keeps the newest releases and whatever a link names; the rest go, with their build logs. */
function pruneReleases() {
  const kept = new Set([linked('current'), linked('previous')]);
  const releases = fs
    .readdirSync(link('releases'))
    .map((name) => path.join(link('releases'), name))
    .filter((folder) => !folder.endsWith('.building') && fs.lstatSync(folder).isDirectory())
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const folder of releases.slice(keptReleases)) {
    if (!kept.has(folder)) fs.rmSync(folder, { recursive: true, force: true });
  }
  // The logs of releases gone, and of failed builds but the newest few.
  const logs = fs
    .readdirSync(link('releases'))
    .filter((name) => name.endsWith('.log'))
    .map((name) => path.join(link('releases'), name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const [index, log] of logs.entries()) {
    if (index >= keptReleases && !fs.existsSync(log.replace(/\.log$/, ''))) fs.rmSync(log, { force: true });
  }
}

/** The running primary's id, without failing: undefined when the service is not running. */
function servicePid() {
  if (process.env.NORTHSTAR_PID) return Number(process.env.NORTHSTAR_PID);
  try {
    return Number(systemctl('show', '--property=MainPID', '--value', service)) || undefined;
  } catch {
    return undefined;
  }
}

/** The release that ran when the command started: what a failure says is still serving, when it is. */
const startedOn = oldLayout ? root : linked('current');

/** /api/health answers as `release` (0.1.0's answer names no version: then only a release without build info matches). */
const servesAs = (health, release) =>
  health?.status === 'ok' && (health.version === undefined ? release.commit === undefined : answersAs(health, release));

/** One sentence on what serves now, checked: said after a failure, never claiming more than is true. */
async function whatServes() {
  if (!startedOn) return `No release was running from ${root}.`;
  const described = describeRelease(startedOn);
  const label = `${described.version ?? 'unknown version'} (${described.commit?.slice(0, 7) ?? described.name})`;
  const now = oldLayout ? (fs.existsSync(entryOf(root)) ? root : undefined) : linked('current');
  if (now !== startedOn) {
    return (
      `\`current\` leads to ${now ? releaseName(now) : 'nothing'} now, not to the release that ran before ` +
      `(${label}): see the lines above, and journalctl -u ${service}.`
    );
  }
  const pid = servicePid();
  if (!pid || !identify(pid)) {
    return `The running release ${label} is unchanged, but the site is not running now (sudo systemctl start ${service}).`;
  }
  const workers = serverProcesses(pid);
  if (!workers.every((worker) => runs(worker.entry, entryOf(startedOn)))) {
    return (
      `\`current\` still leads to ${label}, but some server processes run another release: ${restartHint} ` +
      `runs ${label} alone.`
    );
  }
  if (servesAs(await healthOf(pid), described)) return `The running release ${label} is unchanged and still serving.`;
  return `The running release ${label} is unchanged, but the site does not answer as it now: journalctl -u ${service} says why.`;
}

/** Ends the command after a failure: one paragraph, no stack trace, exit status 1. */
async function endWith(error) {
  const failure =
    error instanceof Failure ? error : new Failure(String(error?.message ?? error).trim() || 'The command failed.');
  const lines = failure.message.split('\n').filter((line) => line.trim() !== '' && !stackLine.test(line));
  if (failure.tail.length > 0) lines.push('Its last lines:', ...failure.tail.map((line) => `  ${line}`));
  const closing = [failure.closing ? await whatServes() : undefined, failure.log && `The full log: ${failure.log}`];
  if (closing.some(Boolean)) lines.push(closing.filter(Boolean).join(' '));
  const paragraph = lines.join('\n');
  if (failure.log) fs.appendFileSync(failure.log, `\n${paragraph}\n`);
  console.error(`\n${paragraph}`);
  process.exit(1);
}

const usage = (message) => {
  console.error(message);
  process.exit(1);
};

const [command, argument] = process.argv.slice(2);
try {
  if (command === 'upgrade') {
    if (!argument) usage('Which release? npm run upgrade -- <version (v0.2.0), tag, branch or commit>');
    removeHalfBuilt();
    await switchTo(await build(argument));
    pruneReleases();
  } else if (command === 'rollback') {
    const previous = linked('previous');
    if (!previous) fail(`No previous release: ${link('previous')} does not lead to one.`);
    await switchTo(previous);
  } else if (command === 'switch') {
    if (!argument) usage('Which release folder? node scripts/release.mjs switch <folder>');
    await switchTo(fs.realpathSync(argument));
  } else {
    usage('Usage: node scripts/release.mjs upgrade <version or git ref> | rollback | switch <release folder>');
  }
} catch (error) {
  await endWith(error);
}
