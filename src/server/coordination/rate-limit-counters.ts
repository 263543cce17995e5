import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

export interface CounterState {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in the database, so every process and
 * instance counts the same: one upsert, atomic on SQLite and PostgreSQL.
 */
export async function countHit(
  db: Kysely<DatabaseSchema>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<CounterState> {
  const at = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql<boolean>`rate_limit_counters.reset_at <= ${at}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limit_counters.count + 1 end`,
        reset_at: sql<string>`case when ${expired} then ${resetAt} else rate_limit_counters.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, ttlMs: Math.max(0, Date.parse(row.reset_at) - now.getTime()) };
}

/** The current count on `key` without counting (0 when its window has ended). */
export async function readCount(db: Kysely<DatabaseSchema>, key: string, now: Date): Promise<CounterState> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { count: row.count, ttlMs: Date.parse(row.reset_at) - now.getTime() } : { count: 0, ttlMs: 0 };
}

/** Forgets counters whose window has ended (housekeeping, so the table stays small). */
export async function deleteEndedCounters(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('reset_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
