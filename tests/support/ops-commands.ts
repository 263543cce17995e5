import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resticTime } from '../../src/server/ops/restic';

const repo = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');

/**
 * Each command is a process of its own (tsx, restic, pg_dump), and setting up starts a site and
 * initialises a restic repository: seconds, not milliseconds, on a busy machine.
 */
export const opsTimeouts = { test: 240_000, hook: 60_000 };

/** Variables of the test runner that must not leak into a command under test. */
const siteVariables = ['DATA_DIR', 'DATABASE_URL', 'ADMIN_API_KEY', 'TEST_DB', 'TEST_DATABASE_URL', 'PORT', 'HOST'];

/**
 * Runs an operations command from source (`src/server/ops/<name>-cli.ts`, what `npm run <name>`
 * runs once built) in `cwd`, with only the given site settings and restic variables.
 */
export function runOps(
  name: 'backup' | 'restore' | 'doctor',
  args: string[],
  env: Record<string, string>,
  cwd = os.tmpdir(),
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const variable of [...siteVariables, ...Object.keys(environment).filter((key) => key.startsWith('RESTIC_'))]) {
    delete environment[variable];
  }
  // Not spawnSync: the site and the SMTP server a command talks to run in this very process.
  const child = spawn(tsx, [path.join(repo, `src/server/ops/${name}-cli.ts`), ...args], {
    cwd,
    env: { ...environment, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

export interface TestResticRepository {
  /** RESTIC_REPOSITORY and RESTIC_PASSWORD for the commands. */
  env: Record<string, string>;
  folder: string;
  /** restic itself, on this repository. */
  restic(args: string[], input?: string): { status: number | null; stdout: string; stderr: string };
  snapshots(): { short_id: string; time: string; tags: string[] }[];
  /** Stores a made-up snapshot as the site's backup would name it, with these tags (besides `northstar`); returns its id. */
  storeSnapshot(tags: string[], time?: Date): string;
  dispose(): void;
}

export { freePort } from '../../scripts/lib/free-port.mjs';

/** A new, initialised restic repository in a temporary folder. */
export function createResticRepository(): TestResticRepository {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-restic-'));
  const env = { RESTIC_REPOSITORY: path.join(folder, 'repo'), RESTIC_PASSWORD: 'a test repository password' };
  const restic = (args: string[], input?: string) =>
    spawnSync('restic', args, { env: { ...process.env, ...env }, input, encoding: 'utf8' });
  const init = restic(['init', '--quiet']);
  if (init.status !== 0) throw new Error(`restic init failed: ${init.stderr}`);
  return {
    env,
    folder,
    restic,
    snapshots: () => JSON.parse(restic(['snapshots', '--json']).stdout) ?? [],
    storeSnapshot(tags, time) {
      // Stamped by this process's clock, as the backup command does (restic, a Go program, would
      // read the real time even under faketime).
      const at = ['--time', resticTime(time ?? new Date())];
      const tagArgs = ['northstar', ...tags].flatMap((tag) => ['--tag', tag]);
      const stored = restic(
        ['backup', '--json', '--quiet', '--stdin', '--stdin-filename', 'site.db', ...tagArgs, ...at],
        'made up',
      );
      if (stored.status !== 0) throw new Error(`restic backup failed: ${stored.stderr}`);
      return (JSON.parse(stored.stdout.trim().split('\n').at(-1)!) as { snapshot_id: string }).snapshot_id;
    },
    dispose: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
