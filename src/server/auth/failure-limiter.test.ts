import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from './failure-limiter';

describe('createFailureLimiter', () => {
  it('blocks an address after the allowed failures until its window ends', () => {
    const limiter = createFailureLimiter({ maxFailures: 2, windowMs: 1000 });
    limiter.recordFailure('a', 0);
    expect(limiter.blockedFor('a', 10)).toBe(0);
    limiter.recordFailure('a', 20);
    expect(limiter.blockedFor('a', 100)).toBe(900);
    expect(limiter.blockedFor('b', 100)).toBe(0);
    expect(limiter.blockedFor('a', 1000)).toBe(0);
  });

  it('forgets the oldest addresses beyond its bound', () => {
    const limiter = createFailureLimiter({ maxFailures: 1, windowMs: 1000, maxTracked: 2 });
    for (const address of ['a', 'b', 'c']) limiter.recordFailure(address, 0);
    expect(limiter.blockedFor('a', 1)).toBe(0);
    expect(limiter.blockedFor('c', 1)).toBe(999);
  });
});
