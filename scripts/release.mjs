// `npm run upgrade -- <git ref>` and `npm run rollback` (deploy/README.md, "Upgrade" and "Roll back";
// decision 0051). Releases live side by side under the deploy root:
//
//   <root>/repo               a git clone of the site, fetched before each upgrade
//   <root>/releases/<name>    one built release each (npm ci, npm run build), never changed again
//   <root>/current            a link to the release the service runs
//   <root>/previous           a link to the one before, for the rollback
//
// The service starts <root>/current/dist/server/main.js. A switch points `current` at a release
// and sends the running cluster primary SIGHUP: it migrates with the new release's code, then
// replaces its server processes one at a time (src/server/cluster-primary.ts). This command waits
// until every server process runs the new release, or puts the links back and says why.
//
// The root: NORTHSTAR_ROOT, else the folder above releases/ when this script runs from a release,
// else /srv/northstar. The running primary: NORTHSTAR_PID, else systemd's main process of the
// NORTHSTAR_SERVICE unit (default northstar).
//
//   node scripts/release.mjs upgrade <git ref>   build the ref beside the running release, switch to it
//   node scripts/release.mjs rollback            switch back to the previous release
//   node scripts/release.mjs switch <folder>     switch to a release folder already built
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { argumentsOf, childrenOf } from './lib/processes.mjs';

const keptReleases = 3;
const switchTimeoutMs = 180_000;

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

const thisRelease = path.resolve(import.meta.dirname, '..');
const root = path.resolve(
  process.env.NORTHSTAR_ROOT ||
    (path.basename(path.dirname(thisRelease)) === 'releases'
      ? path.dirname(path.dirname(thisRelease))
      : '/srv/northstar'),
);
const releasesDir = path.join(root, 'releases');
const link = (name) => path.join(root, name);
const entryOf = (release) => path.join(release, 'dist', 'server', 'main.js');
const linked = (name) => {
  try {
    return fs.realpathSync(link(name));
  } catch {
    return undefined;
  }
};

/** Points a link at a folder in one step (a new link renamed over the old), so it is never missing. */
function pointLink(name, target) {
  const temporary = `${link(name)}.new`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, target), temporary);
  fs.renameSync(temporary, link(name));
}

function servicePid() {
  if (process.env.NORTHSTAR_PID) return Number(process.env.NORTHSTAR_PID);
  const service = process.env.NORTHSTAR_SERVICE || 'northstar';
  const pid = Number(
    execFileSync('systemctl', ['show', '--property=MainPID', '--value', service], { encoding: 'utf8' }),
  );
  if (!pid) fail(`The ${service} service is not running: start it (systemctl start ${service}), then run this again.`);
  return pid;
}

/** The server processes of a cluster primary, each with the entry it runs (the migration step excluded). */
const serverProcesses = (pid) =>
  childrenOf(pid)
    .map((child) => argumentsOf(child))
    .filter((args) => args.length > 0 && !args.includes('--migrate-only'))
    .map((args) => args.find((argument) => argument.endsWith(path.join('dist', 'server', 'main.js'))));

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes `release` the running one; on failure the links go back and the old release keeps serving. */
async function switchTo(release) {
  if (!fs.existsSync(entryOf(release))) fail(`${release} holds no built server (${entryOf(release)}).`);
  const pid = servicePid();
  const before = linked('current');
  if (before === release) {
    console.log(`${path.basename(release)} is already the current release.`);
    return;
  }
  const count = serverProcesses(pid).length;
  if (count === 0) {
    fail(
      'The running server has no separate server processes (WEB_CONCURRENCY=1), so it cannot switch without a restart.\n' +
        'Set WEB_CONCURRENCY to 2 or more (or auto on a machine with several cores), or point `current` at the release and restart the service.',
    );
  }
  pointLink('current', release);
  process.kill(pid, 'SIGHUP');
  console.log(`Switching ${count} server processes to ${path.basename(release)}…`);
  const entry = entryOf(release);
  const deadline = Date.now() + switchTimeoutMs;
  for (;;) {
    const running = serverProcesses(pid);
    if (running.length >= count && running.every((runs) => runs && fs.realpathSync(runs) === entry)) break;
    if (Date.now() > deadline) {
      if (before) pointLink('current', before);
      fail(
        `The server processes did not all move to ${path.basename(release)} within ${switchTimeoutMs / 1000} s; ` +
          `\`current\` points at ${before ? path.basename(before) : 'nothing'} again. The service's log says why ` +
          '(journalctl -u northstar: "reload: …").',
      );
    }
    await pause(200);
  }
  if (before) pointLink('previous', before);
  console.log(`${path.basename(release)} serves; the previous release is ${before ? path.basename(before) : 'none'}.`);
}

// Run with sudo on a clone another account owns: git refuses such a folder unless named safe.
const gitArgs = (...args) => ['-c', `safe.directory=${link('repo')}`, '-C', link('repo'), ...args];
const git = (...args) => execFileSync('git', gitArgs(...args), { encoding: 'utf8' }).trim();

/** Builds a git ref into releases/<name>, or reuses that folder when it was built before. */
function build(ref) {
  if (!fs.existsSync(link('repo'))) fail(`No git clone at ${link('repo')}: see deploy/README.md, "Upgrade".`);
  if (git('remote').length > 0) git('fetch', '--quiet', '--tags', '--force', 'origin');
  const commit = (() => {
    try {
      return git('rev-parse', '--verify', `${ref}^{commit}`);
    } catch {
      return fail(`${ref} is not a tag, branch or commit in ${link('repo')}.`);
    }
  })();
  const short = git('rev-parse', '--short', commit);
  const described = git('describe', '--tags', '--always', commit);
  // v1.4.0-<commit>, or the commit alone before the first tag.
  const name = (described === short ? short : `${described}-${short}`).replaceAll(/[^\w.-]/g, '-');
  const release = path.join(releasesDir, name);
  if (fs.existsSync(path.join(release, 'dist', 'build-info.json'))) return release;
  const building = `${release}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const archive = spawnSync('git', gitArgs('archive', commit), { maxBuffer: 1 << 30 });
  if (archive.status !== 0) fail(`git archive ${commit} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', building], { input: archive.stdout });
  console.log(`Building ${name} in ${building}…`);
  const npm = (...args) => execFileSync('npm', args, { cwd: building, stdio: 'inherit' });
  npm('ci', '--no-audit', '--no-fund');
  npm('run', 'build');
  fs.renameSync(building, release);
  return release;
}

/** Keeps the newest releases and whatever a link names; the rest go. */
function pruneReleases() {
  const kept = new Set([linked('current'), linked('previous')]);
  const releases = fs
    .readdirSync(releasesDir)
    .map((name) => path.join(releasesDir, name))
    .filter((folder) => !folder.endsWith('.building'))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const folder of releases.slice(keptReleases)) {
    if (!kept.has(folder)) fs.rmSync(folder, { recursive: true, force: true });
  }
}

const [command, argument] = process.argv.slice(2);
if (command === 'upgrade') {
  if (!argument) fail('Which release? npm run upgrade -- <git tag, branch or commit>');
  await switchTo(build(argument));
  pruneReleases();
} else if (command === 'rollback') {
  const previous = linked('previous');
  if (!previous) fail(`No previous release: ${link('previous')} does not lead to one.`);
  await switchTo(previous);
} else if (command === 'switch') {
  if (!argument) fail('Which release folder? node scripts/release.mjs switch <folder>');
  await switchTo(fs.realpathSync(argument));
} else {
  fail('Usage: node scripts/release.mjs upgrade <git ref> | rollback | switch <release folder>');
}
