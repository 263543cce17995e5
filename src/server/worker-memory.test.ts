import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerExecArgv, workerMemoryEnv } from './cluster-primary';

afterEach(() => vi.unstubAllEnvs());

describe('worker memory settings (decisions 0028 and 0039)', () => {
  it('caps the young generation, the old generation and the malloc arenas by default', () => {
    vi.stubEnv('NODE_OPTIONS', '');
    vi.stubEnv('MALLOC_ARENA_MAX', undefined);
    expect(workerExecArgv(['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=8',
      '--max-old-space-size=256',
    ]);
    expect(workerMemoryEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it("keeps the operator's own choices", () => {
    vi.stubEnv('MALLOC_ARENA_MAX', '4');
    expect(workerMemoryEnv()).toEqual({ MALLOC_ARENA_MAX: '4' });
    vi.stubEnv('NODE_OPTIONS', '');
    expect(workerExecArgv(['--max-semi-space-size=16'])).toEqual([
      '--max-semi-space-size=16',
      '--max-old-space-size=256',
    ]);
    expect(workerExecArgv(['--max_old_space_size=512'])).toEqual([
      '--max_old_space_size=512',
      '--max-semi-space-size=8',
    ]);
    vi.stubEnv('NODE_OPTIONS', '--import x.mjs --max-semi-space-size=2 --max-old-space-size=1024');
    expect(workerExecArgv([])).toEqual([]);
  });

  it('adds no old-generation size to a --max-heap-size, which V8 refuses alongside both others', () => {
    vi.stubEnv('NODE_OPTIONS', '--max-heap-size=300');
    expect(workerExecArgv([])).toEqual(['--max-semi-space-size=8']);
  });
});
