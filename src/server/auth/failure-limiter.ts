import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import { countHit, readCount } from '../coordination/rate-limit-counters';
import type { DatabaseSchema } from '../db/schema';

/**
 * Counts failed sign-in attempts per address in a fixed window, in the database
 * (rate_limit_counters), so the limit holds across cluster workers and app instances
 * (docs/decisions/0014-several-processes.md). Ended windows are cleared hourly.
 *
 * A wrong key is counted and judged in one atomic upsert that answers the new count, so guesses
 * arriving together each get their own number and at most `maxFailures` of them are answered
 * "wrong" (reading the count, then adding to it, let 200 parallel guesses through on PostgreSQL).
 * A right key only reads the count: it is refused while the address is blocked, so a blocked
 * guesser cannot tell a right key from a wrong one.
 */
export interface FailureLimiter {
  /** Milliseconds until this address may try again, or 0 when it is not blocked. */
  blockedFor(address: string, now?: Date): Promise<number>;
  /** Counts a failure; answers milliseconds until this address may try again, or 0 when this one was within the limit. */
  recordFailure(address: string, now?: Date): Promise<number>;
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
      const { count, ttlMs } = await countHit(db, keyOf(address), windowMs, now);
      return count > maxFailures ? Math.max(ttlMs, 1) : 0;
    },
  };
}

/** The one answer to an address over its budget: 429 with when to try again. */
export function tooManySignIns(reply: FastifyReply, waitMs: number): AppError {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new AppError(429, 'RATE_LIMITED', 'Too many failed sign-in attempts. Please wait and try again.');
}
