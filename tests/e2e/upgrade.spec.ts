import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Sqlite from '../../src/server/db/sqlite-driver.mjs';
import { gitIn, newestReleaseBefore } from '../../scripts/lib/releases.mjs';
import { contact } from '../support/enquiries-payloads';
import { pngOf } from '../support/images-fixtures';
import { multipartBody } from '../support/multipart';
import { httpsRequest, startCaddy } from './caddy';
import { expect, test } from './fixtures';
import { builtRelease, copyRelease } from './release-builds';
import { type RunningServer, freePort, startServer } from './server';
import { type SupervisedService, superviseService } from './service';

const run = promisify(execFile);

/**
 * Two release folders as scripts/release.mjs lays them out (decision 0051), made from this build:
 * each its own copy of dist/, sharing this tree's node_modules. Release b carries a marker file, so
 * the test can tell which release answered.
 */
function layOutReleases(root: string) {
  const release = (name: string) => {
    const folder = path.join(root, 'releases', name);
    fs.mkdirSync(folder, { recursive: true });
    fs.cpSync('dist', path.join(folder, 'dist'), { recursive: true });
    fs.copyFileSync('package.json', path.join(folder, 'package.json'));
    fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'));
    return folder;
  };
  const a = release('a');
  const b = release('b');
  fs.writeFileSync(path.join(b, 'dist', 'client', 'release.txt'), 'b');
  fs.symlinkSync('releases/a', path.join(root, 'current'));
  return { a, b };
}

/** One request of a visitor: its status, or a thrown error when it got no answer. */
type Send = (
  target: string,
  method: 'GET' | 'POST',
  body?: unknown,
) => Promise<number | { status: number; body: string }>;

const sendTo =
  (baseUrl: string): Send =>
  async (target, method, body) => {
    const response = await fetch(`${baseUrl}${target}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    await response.arrayBuffer();
    return response.status;
  };

/** Visitors reading pages and sending enquiries without pause, until stopped; every answer counted. */
function keepLoad(send: Send, visitors: number) {
  const tally = { answered: 0, failed: [] as string[], enquiriesAccepted: 0 };
  let going = true;
  const visitor = async (index: number) => {
    for (let round = 0; going; round += 1) {
      const enquiry = round % 3 === 0;
      const target = enquiry ? '/api/contact-submissions' : ['/', '/blog', '/contact'][round % 3]!;
      try {
        const answer = await send(
          target,
          enquiry ? 'POST' : 'GET',
          enquiry ? { ...contact, message: `Visitor ${index}, round ${round}` } : undefined,
        );
        const status = typeof answer === 'number' ? answer : answer.status;
        tally.answered += 1;
        if (enquiry && status === 201) tally.enquiriesAccepted += 1;
        else if (status < 200 || status >= 400)
          tally.failed.push(`${target}: ${status}${typeof answer === 'number' ? '' : ` ${answer.body.slice(0, 120)}`}`);
      } catch (error) {
        tally.failed.push(`${target}: ${String((error as Error).cause ?? error)}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: visitors }, (_, index) => visitor(index)));
  return {
    tally,
    stop: async () => {
      going = false;
      await running;
      return tally;
    },
  };
}

test.describe('an upgrade under load', () => {
  // Each starts a cluster and keeps it busy: one at a time on a two-core machine.
  test.describe.configure({ mode: 'serial' });
  let root: string;
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server?.remove();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('switches release and back, server process by server process, with no failed request and no lost enquiry', async () => {
    test.setTimeout(240_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-releases-'));
    const { a, b } = layOutReleases(root);
    server = await startServer(
      { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', ENQUIRY_RATE_LIMIT: '1000000' },
      { entry: path.join(root, 'current', 'dist', 'server', 'main.js') },
    );
    const release = async () => (await fetch(`${server!.baseUrl}/release.txt`)).status === 200;
    expect(await release()).toBe(false);

    const load = keepLoad(sendTo(server.baseUrl), 8);
    // As deploy/README.md's "Try the upgrade without systemd": the server started through
    // `current` with two processes, the commands told the root and the main process.
    const releaseCommand = (...args: string[]) =>
      run(process.execPath, ['scripts/release.mjs', ...args], {
        env: { ...process.env, NORTHSTAR_ROOT: root, NORTHSTAR_PID: String(server!.process.pid) },
      });
    await releaseCommand('switch', b);
    expect(await release()).toBe(true);
    expect(fs.realpathSync(path.join(root, 'previous'))).toBe(a);
    const answeredByB = load.tally.answered;

    await releaseCommand('rollback');
    expect(await release()).toBe(false);
    expect(fs.realpathSync(path.join(root, 'current'))).toBe(a);
    const tally = await load.stop();

    expect(tally.failed).toEqual([]);
    // The load really ran across both switches.
    expect(answeredByB).toBeGreaterThan(50);
    expect(tally.answered - answeredByB).toBeGreaterThan(50);
    expect(server.output()).toContain('reload: every server process runs the release');
    // Every enquiry answered 201 is in the database, no more and no fewer.
    expect(await server.stop()).toBe(0);
    const database = new Sqlite(path.join(server.dataDir, 'site.db'), { readonly: true });
    const { count } = database.prepare('select count(*) as count from contact_submissions').get() as { count: number };
    database.close();
    expect(count).toBe(tally.enquiriesAccepted);
    expect(count).toBeGreaterThan(20);
    console.log(
      `upgrade and rollback under load: ${tally.answered} answers, 0 failed, ${count} enquiries stored of ${count} accepted`,
    );
  });
});

/** The release's answer to the release command: its exit code and what it printed. */
async function releaseCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/release.mjs', ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Polls until `check` is true, or fails with `what` after `ms`. */
async function waitUntil(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const buildInfo = (release: string) =>
  JSON.parse(fs.readFileSync(path.join(release, 'dist', 'build-info.json'), 'utf8')) as {
    version?: string;
    commit?: string;
    unknownMigrations?: string;
  };

/**
 * The newest release as a centre runs it (decision 0061): `git archive` of its commit (its tag,
 * or the commit that set its version: scripts/lib/releases.mjs), built with its own dependencies,
 * laid out as its own deploy/README.md says, run by its own unit file under a stand-in for
 * systemd, behind the deployed Caddyfile, with enquiries, posts, an image and a logo in it. Then
 * this tree's build replaces it under load: reloaded when the running release can, restarted
 * when it cannot (0.1.0 has no SIGHUP handler), with Caddy holding visitors meanwhile.
 */
test.describe('the upgrade from the newest release', () => {
  let work: string | undefined;
  let service: SupervisedService | undefined;
  let stopCaddy: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await stopCaddy?.();
    await service?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('upgrades to this build under load, losing no enquiry (a restart shows only the maintenance page); rollback says what it can do', async () => {
    // The first run builds the release (and may run npm ci for it); later runs take it from the cache.
    test.setTimeout(900_000);
    const repo = process.env.NORTHSTAR_GIT_REPO ?? process.cwd();
    const base = newestReleaseBefore(gitIn(repo));
    if (!base)
      throw new Error(`No release found in ${repo}'s history (tags, or package.json versions): is it a full clone?`);
    const cached = builtRelease(repo, base.commit);
    const baseInfo = { version: base.version, ...buildInfo(cached) };
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-upgrade-'));
    const root = path.join(work, 'northstar');

    // The release as its recipe lays it out: 0.1.0 builds and runs the clone in place; later ones
    // run releases/<name> through `current`.
    const baseUnit = fs.readFileSync(path.join(cached, 'deploy', 'northstar.service'), 'utf8');
    const inReleases = baseUnit.includes('/srv/northstar/current/');
    if (inReleases) {
      copyRelease(cached, path.join(root, 'releases', `v${base.version}`));
      fs.symlinkSync(`releases/v${base.version}`, path.join(root, 'current'));
    } else {
      copyRelease(cached, root);
    }
    // This tree's build, as a release folder beside it.
    const next = path.join(work, 'next');
    fs.mkdirSync(next);
    for (const entry of ['dist', 'deploy', 'package.json'])
      fs.cpSync(entry, path.join(next, entry), { recursive: true });
    fs.symlinkSync(path.resolve('node_modules'), path.join(next, 'node_modules'));
    const nextInfo = buildInfo(next);

    const unitFile = path.join(work, 'northstar.service');
    fs.writeFileSync(unitFile, baseUnit);
    const appPort = await freePort();
    const httpsPort = await freePort();
    const adminKey = 'an-admin-key-for-the-upgrade-test-0123456789';
    const environmentFile = path.join(work, 'env');
    fs.writeFileSync(
      environmentFile,
      [
        'HOST=127.0.0.1',
        `PORT=${appPort}`,
        `DATA_DIR=${path.join(work, 'data')}`,
        `PUBLIC_URL=https://localhost:${httpsPort}`,
        'TRUST_PROXY=127.0.0.1,::1',
        'WEB_CONCURRENCY=2',
        'LOG_LEVEL=info',
        `ADMIN_API_KEY=${adminKey}`,
        'ENQUIRY_RATE_LIMIT=1000000',
        '',
      ].join('\n'),
    );
    service = await superviseService({ unitFile, environmentFile, root });
    const app = `http://127.0.0.1:${appPort}`;
    const health = async (baseUrl = app) =>
      (await fetch(`${baseUrl}/api/health`)).json() as Promise<Record<string, string>>;
    // 0.1.0 answers {"status":"ok"} alone; later releases name their version.
    await waitUntil(async () => {
      const answer = await health();
      return answer.status === 'ok' && (answer.version ?? base.version) === base.version;
    }, `${base.version} answering`);

    // What a centre has: enquiries, posts with an image, a logo.
    const admin = { 'x-api-key': adminKey };
    for (let index = 0; index < 50; index += 1) {
      const status = await sendTo(app)('/api/contact-submissions', 'POST', {
        ...contact,
        message: `An enquiry before the upgrade, ${index}`,
      });
      expect(status).toBe(201);
    }
    const upload = async (url: string, field: string) => {
      const { payload, headers } = multipartBody([
        { name: field, filename: `${field}.png`, type: 'image/png', data: await pngOf(640, 400) },
      ]);
      const response = await fetch(`${app}${url}`, {
        method: 'POST',
        headers: { ...headers, ...admin },
        body: new Uint8Array(payload),
      });
      expect(response.status).toBeLessThan(300);
      return response.json() as Promise<{ path?: string; logoPath?: string }>;
    };
    const image = await upload('/api/admin/images', 'image');
    await upload('/api/logo/upload', 'logo');
    for (let index = 0; index < 5; index += 1) {
      const response = await fetch(`${app}/api/admin/blog`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Revision tips ${index}`,
          excerpt: 'How to revise.',
          content: '<p>Little and often.</p>',
          author: 'Northstar',
          category: 'Study',
          featuredImage: image.path,
        }),
      });
      expect(response.status).toBe(201);
    }

    const caddy = await startCaddy(`127.0.0.1:${appPort}`, { httpPort: await freePort(), httpsPort });
    stopCaddy = caddy.stop;
    const throughCaddy: Send = async (target, method, body) =>
      await httpsRequest({ host: '127.0.0.1', port: httpsPort, path: target, ca: caddy.rootCertificate, method, body });
    const viaCaddy = async () =>
      JSON.parse(
        (await httpsRequest({ host: '127.0.0.1', port: httpsPort, path: '/api/health', ca: caddy.rootCertificate }))
          .body,
      ) as Record<string, string>;
    const load = keepLoad(throughCaddy, 8);
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const upgrade = await releaseCommand(service.env, 'switch', next);
    console.log(upgrade.stdout, upgrade.stderr);
    if (upgrade.code !== 0) console.log(service.output());
    expect(upgrade.code).toBe(0);
    expect(upgrade.stdout).toContain(`${path.basename(next)} serves`);
    expect(await viaCaddy()).toMatchObject({ status: 'ok', version: nextInfo.version, commit: nextInfo.commit });
    expect(fs.realpathSync(path.join(root, 'current'))).toBe(next);
    const answeredAfterUpgrade = load.tally.answered;
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const rollbackStarted = performance.now();
    const rollback = await releaseCommand(service.env, 'rollback');
    const rollbackSeconds = (performance.now() - rollbackStarted) / 1000;
    if (baseInfo.unknownMigrations === 'tolerated') {
      // The base runs on this build's schema: back to it, and forward again, by reload.
      expect(rollback.code).toBe(0);
      expect(await viaCaddy()).toMatchObject({ version: baseInfo.version, commit: baseInfo.commit });
      const forward = await releaseCommand(service.env, 'rollback');
      expect(forward.code).toBe(0);
      expect(await viaCaddy()).toMatchObject({ version: nextInfo.version, commit: nextInfo.commit });
    } else {
      // 0.1.0 refuses the migrations this build added: said at once, nothing switched.
      expect(rollback.code).toBe(1);
      expect(rollback.stderr).toContain(`cannot run on this database`);
      expect(rollback.stderr).toContain('The first release that can run on this database is 0.2.0');
      expect(rollbackSeconds).toBeLessThan(15);
      expect(fs.realpathSync(path.join(root, 'current'))).toBe(next);
      expect(await viaCaddy()).toMatchObject({ version: nextInfo.version, commit: nextInfo.commit });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const tally = await load.stop();
    console.log(
      service
        .output()
        .split('\n')
        .filter((line) => line.startsWith('[supervisor'))
        .join('\n'),
    );

    const restarted = upgrade.stdout.includes('after a restart');
    if (restarted) {
      // A release that cannot reload is restarted: for those seconds Caddy holds visitors and
      // retries their connections, and an enquiry whose connection the old release dropped as it
      // stopped gets the maintenance page (Caddy cannot know whether the app took it, so it never
      // sends it twice). Nothing else may fail: no error reaches a visitor, no page is refused.
      const maintenancePage = tally.failed.filter((failure) => / 503 <!doctype html>/.test(failure));
      expect(tally.failed).toEqual(maintenancePage);
      expect(maintenancePage.length).toBeLessThan(5);
      console.log(`during the restart: ${maintenancePage.length} enquiries got the maintenance page`);
    } else {
      expect(tally.failed).toEqual([]);
    }
    expect(answeredAfterUpgrade).toBeGreaterThan(50);
    expect(tally.answered - answeredAfterUpgrade).toBeGreaterThan(20);
    await stopCaddy();
    stopCaddy = undefined;
    await service.stop();
    const database = new Sqlite(path.join(work, 'data', 'site.db'), { readonly: true });
    const count = (table: string) =>
      (database.prepare(`select count(*) as count from ${table}`).get() as { count: number }).count;
    const stored = { enquiries: count('contact_submissions'), posts: count('blog_posts'), images: count('images') };
    database.close();
    expect(stored).toEqual({ enquiries: 50 + tally.enquiriesAccepted, posts: 5, images: 2 });
    console.log(
      `upgrade from ${base.version} (${base.commit.slice(0, 7)}) under load: ${tally.answered} answers through Caddy, ` +
        `${tally.failed.length} failed${restarted ? ' (the maintenance page, during the restart)' : ''}, ` +
        `${stored.enquiries} enquiries stored of ${stored.enquiries} accepted; rollback answered in ${rollbackSeconds.toFixed(1)} s`,
    );
  });
});
