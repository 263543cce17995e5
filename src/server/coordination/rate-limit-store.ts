import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock';
import type { DatabaseSchema } from '../db/schema';
import type { GroupCommit } from '../db/group-commit';
import { countHit, readCount } from './rate-limit-counters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps its counts in the database (rate_limit_counters), so
 * a limit holds across cluster workers and app instances. Hits go through the group commit, so a
 * crowd of requests costs one transaction, not one each. `namespace` keeps limiters apart.
 */
export function databaseRateLimitStore(
  db: Kysely<DatabaseSchema>,
  writes: GroupCommit<DatabaseSchema>,
  namespace: string,
  clock: Clock,
) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      writes
        .run((trx) => countHit(trx, `${namespace}|${key}`, timeWindow, clock()))
        .then(
          ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
          (error: Error) => callback(error),
        );
    }

    read(key: string, callback: Callback): void {
      readCount(db, `${namespace}|${key}`, clock()).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** Route-level limiters share this store (and so one count per address). */
    child(): this {
      return this;
    }
  };
}
