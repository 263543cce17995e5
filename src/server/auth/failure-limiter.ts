import type { Kysely } from 'kysely';
import { countHit, readCount } from '../coordination/rate-limit-counters';
import type { DatabaseSchema } from '../db/schema';

/**
 * Counts failed sign-in attempts per address in a fixed window, in the database
 * (rate_limit_counters), so the limit holds across cluster workers and app instances
 * (docs/decisions/0014-several-processes.md). Ended windows are cleared hourly.
 */
export interface FailureLimiter {
  /** Milliseconds until this address may try again, or 0 when it is not blocked. */
  blockedFor(address: string, now?: Date): Promise<number>;
  recordFailure(address: string, now?: Date): Promise<void>;
}

export function createFailureLimiter(
  db: Kysely<DatabaseSchema>,
  { maxFailures, windowMs }: { maxFailures: number; windowMs: number },
): FailureLimiter {
  const keyOf = (address: string) => `admin-sign-in|${address}`;
  return {
    async blockedFor(address, now = new Date()) {
      const { count, ttlMs } = await readCount(db, keyOf(address), now);
      return count >= maxFailures ? ttlMs : 0;
    },
    async recordFailure(address, now = new Date()) {
      await countHit(db, keyOf(address), windowMs, now);
    },
  };
}
