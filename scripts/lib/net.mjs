// Helpers the benchmark scripts share for starting servers on this machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

export { freePort };

/** Resolves once `url` answers 2xx; gives up after `attempts` tries 100 ms apart. */
export async function waitFor(url, attempts = 300) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The built server (dist/) on a free port, one process, with a fresh data folder and an admin key:
 * what the API benches measure. `env` adds settings; `dataDir` starts it on a folder an earlier
 * one left (stopped with `keep`) instead; `stop()` ends it and, unless kept, removes the data folder.
 */
export async function startBuiltServer(
  name,
  env = {},
  { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)) } = {},
) {
  const adminKey = 'bench-admin-key-0123456789abcdef';
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_API_KEY: adminKey,
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    dataDir,
    adminKey,
    /** Once the server answers: it has migrated the database. */
    ready: () => waitFor(`${base}/api/health`),
    /** `quiet`: keeps the folder without saying so (for a server started on it again). */
    async stop({ keep = false, quiet = false } = {}) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
      else if (!quiet) console.log(`Kept ${dataDir}`);
    },
  };
}
