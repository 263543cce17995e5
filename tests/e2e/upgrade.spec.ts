import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Sqlite from '../../src/server/db/sqlite-driver.mjs';
import { contact } from '../support/enquiries-payloads';
import { expect, test } from './fixtures';
import { type RunningServer, startServer } from './server';

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

/** Visitors reading pages and sending enquiries without pause, until stopped; every answer counted. */
function keepLoad(baseUrl: string, visitors: number) {
  const tally = { answered: 0, failed: [] as string[], enquiriesAccepted: 0 };
  let going = true;
  const visitor = async (index: number) => {
    for (let round = 0; going; round += 1) {
      const enquiry = round % 3 === 0;
      const target = enquiry ? '/api/contact-submissions' : ['/', '/blog', '/contact'][round % 3]!;
      try {
        const response = await fetch(`${baseUrl}${target}`, {
          method: enquiry ? 'POST' : 'GET',
          headers: enquiry ? { 'content-type': 'application/json' } : {},
          body: enquiry ? JSON.stringify({ ...contact, message: `Visitor ${index}, round ${round}` }) : undefined,
        });
        await response.arrayBuffer();
        tally.answered += 1;
        if (enquiry && response.status === 201) tally.enquiriesAccepted += 1;
        else if (!response.ok) tally.failed.push(`${target}: ${response.status}`);
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

    const load = keepLoad(server.baseUrl, 8);
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
