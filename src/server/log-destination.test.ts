import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

/** Runs a few lines of TypeScript in a process of its own (tsx), as the server would run them. */
const runScript = (source: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', source], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 30_000,
  });

const indexesLogged = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { index: number }).index);

describe('the asynchronous log destination', () => {
  it('writes every buffered line when the process exits, as the graceful stop does', () => {
    const result = runScript(`
      import pino from 'pino';
      import { asyncStdout } from './src/server/log-destination.ts';
      const log = pino(asyncStdout());
      for (let index = 0; index < 3; index += 1) log.info({ index }, 'before the stop');
      process.exit(0);
    `);
    expect(result.status).toBe(0);
    expect(indexesLogged(result.stdout)).toEqual([0, 1, 2]);
  });

  it('writes every buffered line when the process dies of an uncaught exception', () => {
    const result = runScript(`
      import pino from 'pino';
      import { asyncStdout } from './src/server/log-destination.ts';
      const log = pino(asyncStdout());
      for (let index = 0; index < 3; index += 1) log.info({ index }, 'before the crash');
      setTimeout(() => { throw new Error('crash'); }, 10);
    `);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('crash');
    expect(indexesLogged(result.stdout)).toEqual([0, 1, 2]);
  });
});
