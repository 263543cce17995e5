import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.mjs';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Stops the process; the data folder stays until remove(). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  remove(): void;
}

export { freePort };

/**
 * Servers started here and not yet exited. A test that times out never reaches its own stop(), so
 * whatever is left is stopped when the test worker ends, instead of running on after the suite.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** The release the build under test names (package.json's version). */
export const packageVersion = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;

/**
 * Starts the built server (dist/server/main.js) and waits until it is healthy: with a fresh data
 * folder, or with `dataDir` (a restart, or a second instance on the same SQLite database); `entry`
 * starts another build of it (a release folder).
 */
export async function startServer(
  env: Record<string, string> = {},
  { dataDir: existingDataDir, entry = 'dist/server/main.js' }: { dataDir?: string; entry?: string } = {},
): Promise<RunningServer> {
  const serverEntry = path.resolve(entry);
  if (!fs.existsSync(serverEntry)) throw new Error('No build found: run `npm run build` before the end-to-end tests.');
  const port = await freePort();
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    // One server process unless a spec asks for more: 'auto' would start a primary and a worker per
    // core, three processes loading the whole server (about 8 s of CPU here against 4) for each of
    // the suite's many servers, on the two cores the browsers need (docs/testing.md).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000; // a ceiling: a cluster starts several processes, slow on a busy machine
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
