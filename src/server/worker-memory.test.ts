import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerExecArgv, workerMemoryEnv } from './cluster-primary';

afterEach(() => vi.unstubAllEnvs());

describe('worker memory settings (decision 0028)', () => {
  it('caps the young generation and the malloc arenas by default', () => {
    vi.stubEnv('NODE_OPTIONS', '');
    vi.stubEnv('MALLOC_ARENA_MAX', undefined);
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=8']);
    expect(workerMemoryEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it("keeps the operator's own choices", () => {
    vi.stubEnv('MALLOC_ARENA_MAX', '4');
    expect(workerMemoryEnv()).toEqual({ MALLOC_ARENA_MAX: '4' });
    expect(workerExecArgv(['--max-semi-space-size=16'])).toEqual(['--max-semi-space-size=16']);
    vi.stubEnv('NODE_OPTIONS', '--import x.mjs --max-semi-space-size=2');
    expect(workerExecArgv([])).toEqual([]);
  });
});
