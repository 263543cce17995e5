import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock';
import type { DatabaseSchema } from '../db/schema';
import { loggableError } from '../log-redaction';

/**
 * Claims the next run of `name` when it is due, moving the due time `intervalMs` on. The
 * conditional update is the lock: when several processes claim at once only one update matches,
 * on SQLite and PostgreSQL, so the job runs once per interval however many processes look.
 */
export async function claimRun(
  db: Kysely<DatabaseSchema>,
  name: string,
  intervalMs: number,
  now: Date,
): Promise<boolean> {
  // A job never seen before is due at once.
  await db
    .insertInto('scheduled_jobs')
    .values({ name, next_run_at: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: new Date(now.getTime() + intervalMs).toISOString() })
    .where('name', '=', name)
    .where('next_run_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ScheduledJob {
  /** The check made at start (and the run, when this process claimed it). */
  firstCheck: Promise<void>;
  stop(): void;
}

/**
 * Runs `run` once per `intervalMs` across every process sharing the database: each process looks
 * every `checkEveryMs` and only the one that claims the run does it. A failed run is logged and
 * waits for the next interval. The timer never keeps the process alive.
 */
export function startScheduledJob({
  db,
  name,
  intervalMs,
  checkEveryMs = Math.min(intervalMs, 60 * 60_000),
  clock,
  run,
  log,
}: {
  db: Kysely<DatabaseSchema>;
  name: string;
  intervalMs: number;
  clock: Clock;
  checkEveryMs?: number;
  run: () => Promise<void>;
  log: { error(object: object, message: string): void };
}): ScheduledJob {
  const check = async () => {
    try {
      if (await claimRun(db, name, intervalMs, clock())) await run();
    } catch (error) {
      log.error({ err: loggableError(error), job: name }, 'scheduled job failed');
    }
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return { firstCheck: check(), stop: () => clearInterval(timer) };
}
