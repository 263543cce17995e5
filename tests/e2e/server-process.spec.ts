import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { childrenOf } from '../../scripts/lib/processes.mjs';
import { contact } from '../support/enquiries-payloads';
import { waitFor } from '../support/smtp';
import { expect, test } from './fixtures';
import { freePort, packageVersion, startServer } from './server';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('the server process', () => {
  test('a bad environment value stops it with a message naming the variable', () => {
    const result = spawnSync(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
  });

  test('SIGTERM lets an in-flight request finish, closes the database and exits 0', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    // Healthy means one process listens; a cluster announces its release once every worker does,
    // which on a busy machine can come after the first answer.
    await waitFor(() => server.output().includes('database ready'), 30_000);
    const { port } = new URL(server.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));

    // A request whose body is still arriving when the signal comes is in flight, not idle.
    socket.write(
      'POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":',
    );
    await pause(300);
    const stopped = server.stop('SIGTERM');
    await pause(300);
    socket.end('"bbbbbbbbbbbb"}');
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('"code":"NOT_FOUND"');
    expect(await stopped).toBe(0);
    expect(server.output()).toContain('shutting down');
    // The start-up line names the release it runs.
    expect(server.output()).toContain(`"version":"${packageVersion}"`);
    // A cleanly closed SQLite database leaves no write-ahead log behind.
    expect(fs.existsSync(path.join(server.dataDir, 'site.db'))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'site.db-wal'))).toBe(false);
    server.remove();
  });

  test('each request leaves one line by the graceful stop, and nothing personal is in it', async () => {
    // The default logging, in a cluster: every worker's buffered lines must be out when it exits.
    const server = await startServer({ LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' });
    const search = 'amelia-private-search';
    const sent = await fetch(`${server.baseUrl}/api/contact-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(sent.status).toBe(201);
    const paths = ['/', '/blog', `/blog?search=${search}`, '/no-such-page'];
    for (const requestPath of paths) await fetch(`${server.baseUrl}${requestPath}`);

    expect(await server.stop('SIGTERM')).toBe(0);
    const requestLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { method: string; path: string; status: number });
    const logged = (method: string, requestPath: string, status: number) =>
      requestLines.filter((line) => line.method === method && line.path === requestPath && line.status === status);
    expect(logged('POST', '/api/contact-submissions', 201)).toHaveLength(1);
    expect(logged('GET', '/', 200)).toHaveLength(1);
    // Both /blog requests, the query string left out.
    expect(logged('GET', '/blog', 200)).toHaveLength(2);
    expect(logged('GET', '/no-such-page', 404)).toHaveLength(1);
    for (const personal of [
      search,
      contact.firstName,
      contact.lastName,
      contact.email,
      contact.mobile,
      contact.message,
    ]) {
      expect(server.output()).not.toContain(personal);
    }
    server.remove();
  });
});

/**
 * This build as `npm start` runs it, in a folder of its own (no .env, no data of this tree): its
 * scripts, dist and package files, node_modules linked. scripts/start.mjs rebuilds a dist not
 * built from the sources beside it; the copy holds none but the lockfile, so its dist is marked as
 * built from those, and the build under test is the one that runs.
 */
function siteForNpmStart(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-npm-start-'));
  for (const entry of ['dist', 'scripts', 'package.json', 'package-lock.json'])
    fs.cpSync(entry, path.join(folder, entry), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'));
  const fingerprint = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "console.log((await import('./scripts/source-fingerprint.mjs')).sourceFingerprint())",
    ],
    { cwd: folder, encoding: 'utf8' },
  ).trim();
  const buildInfo = path.join(folder, 'dist', 'build-info.json');
  fs.writeFileSync(buildInfo, JSON.stringify({ ...JSON.parse(fs.readFileSync(buildInfo, 'utf8')), fingerprint }));
  fs.mkdirSync(path.join(folder, 'data'));
  return folder;
}

/** A process and all it started, by id (the server's main process runs in a process group of its own). */
const processTree = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(processTree)];

/** Ended: no such process, or one its parent has not collected (a zombie). */
const ended = (pid: number) => {
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

/** When a process started (field 22 of its stat), so that a later process given the same id is not taken for it. */
const startTime = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
  } catch {
    return undefined;
  }
};

/** Nothing listens on the port any more: it can be bound again. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

test.describe('npm start', () => {
  let folder: string;
  let npm: ChildProcess | undefined;
  /** The processes a test started, each with its start time: what is left of them is killed after it. */
  let started: { pid: number; at: string | undefined }[] = [];
  test.afterEach(() => {
    for (const { pid, at } of started) {
      if (!ended(pid) && startTime(pid) === at) process.kill(pid, 'SIGKILL');
    }
    started = [];
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** `npm start` with a cluster of two server processes, once every one of them listens: the port and every process id. */
  async function npmStart({ ownGroup = false } = {}) {
    folder = siteForNpmStart();
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      // A process group of its own, as a terminal runs a command: Ctrl-C signals the whole group.
      detached: ownGroup,
      cwd: folder,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, 'data'),
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (chunk) => (output += chunk));
    npm.stderr?.on('data', (chunk) => (output += chunk));
    await waitFor(() => output.includes('2 server processes') || npm!.exitCode !== null, 45_000);
    expect(output).toContain('2 server processes');
    // npm, scripts/start.mjs, the main process and its two workers (and a shell, if npm keeps one).
    const pids = processTree(npm.pid!);
    started = pids.map((pid) => ({ pid, at: startTime(pid) }));
    expect(pids.length).toBeGreaterThanOrEqual(5);
    return { port, pids, output: () => output };
  }

  /** Seconds until the port is free and every process of the tree has ended; fails after 10 s. */
  async function secondsUntilStopped(port: number, pids: number[], from: number) {
    try {
      await waitFor(async () => (await portFree(port)) && pids.every(ended), 10_000 - (performance.now() - from));
    } catch {
      const running = pids.filter((pid) => !ended(pid));
      throw new Error(
        `10 s after the signal: the port is ${(await portFree(port)) ? 'free' : 'still taken'}, ` +
          `processes still running: ${running.join(', ') || 'none'} (of ${pids.join(', ')})`,
      );
    }
    return (performance.now() - from) / 1000;
  }

  test('SIGTERM to npm finishes the request in flight, then stops every server process and frees the port within 10 s', async () => {
    test.setTimeout(90_000);
    const { port, pids, output } = await npmStart();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // A request whose body is still arriving when the signal comes is in flight, not idle.
    socket.write(
      'POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":',
    );
    await pause(300);
    const signalled = performance.now();
    process.kill(npm!.pid!, 'SIGTERM');
    await pause(300);
    socket.end('"bbbbbbbbbbbb"}');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('"code":"NOT_FOUND"');

    const seconds = await secondsUntilStopped(port, pids, signalled);
    expect(output()).toContain('shutting down: finishing in-flight requests');
    console.log(`npm start, SIGTERM to npm: port free and ${pids.length} processes ended in ${seconds.toFixed(1)} s`);
  });

  test("Ctrl-C (SIGINT to the terminal's process group) stops every server process and frees the port within 10 s", async () => {
    test.setTimeout(90_000);
    const { port, pids, output } = await npmStart({ ownGroup: true });
    const signalled = performance.now();
    process.kill(-npm!.pid!, 'SIGINT');
    const seconds = await secondsUntilStopped(port, pids, signalled);
    expect(output()).toContain('"signal":"SIGINT"');
    console.log(`npm start, Ctrl-C: port free and ${pids.length} processes ended in ${seconds.toFixed(1)} s`);
  });

  test('npm killed outright: the server notices and stops within 10 s', async () => {
    test.setTimeout(90_000);
    const { port, pids } = await npmStart();
    const killed = performance.now();
    process.kill(npm!.pid!, 'SIGKILL');
    const seconds = await secondsUntilStopped(port, pids, killed);
    console.log(`npm start, npm killed: port free and ${pids.length} processes ended in ${seconds.toFixed(1)} s`);
  });

  test("npm and scripts/start.mjs killed outright: the server's main process notices and stops within 10 s", async () => {
    test.setTimeout(90_000);
    const { port, pids } = await npmStart();
    const killed = performance.now();
    // npm's child is scripts/start.mjs (the start script execs it); the server's main process is its child.
    const starter = childrenOf(npm!.pid!);
    for (const pid of [npm!.pid!, ...starter]) process.kill(pid, 'SIGKILL');
    const seconds = await secondsUntilStopped(port, pids, killed);
    console.log(`npm start, npm and start.mjs killed: port free in ${seconds.toFixed(1)} s`);
  });
});
