import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerExecArgv, workerMemoryEnv } from './cluster-primary';

afterEach(() => vi.unstubAllEnvs());

const fewerWorkers = { workersFillTheCores: false };
const workerPerCore = { workersFillTheCores: true };

describe('worker memory and collector settings (decisions 0028, 0039 and 0041)', () => {
  it('caps the young generation, the old generation and the malloc arenas by default', () => {
    vi.stubEnv('NODE_OPTIONS', '');
    vi.stubEnv('MALLOC_ARENA_MAX', undefined);
    expect(workerExecArgv(['--enable-source-maps'], fewerWorkers)).toEqual([
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
    expect(workerExecArgv(['--max-semi-space-size=16'], fewerWorkers)).toEqual([
      '--max-semi-space-size=16',
      '--max-old-space-size=256',
    ]);
    expect(workerExecArgv(['--max_old_space_size=512'], fewerWorkers)).toEqual([
      '--max_old_space_size=512',
      '--max-semi-space-size=8',
    ]);
    vi.stubEnv('NODE_OPTIONS', '--import x.mjs --max-semi-space-size=2 --max-old-space-size=1024');
    expect(workerExecArgv([], fewerWorkers)).toEqual([]);
  });

  it('adds no old-generation size to a --max-heap-size, which V8 refuses alongside both others', () => {
    vi.stubEnv('NODE_OPTIONS', '--max-heap-size=300');
    expect(workerExecArgv([], fewerWorkers)).toEqual(['--max-semi-space-size=8']);
  });

  it("collects garbage on the worker's own thread when the workers take every core, unless told otherwise", () => {
    vi.stubEnv('NODE_OPTIONS', '');
    expect(workerExecArgv([], workerPerCore)).toEqual([
      '--max-semi-space-size=8',
      '--max-old-space-size=256',
      '--single-threaded-gc',
    ]);
    expect(workerExecArgv(['--no-single-threaded-gc'], workerPerCore)).toEqual([
      '--no-single-threaded-gc',
      '--max-semi-space-size=8',
      '--max-old-space-size=256',
    ]);
  });
});
