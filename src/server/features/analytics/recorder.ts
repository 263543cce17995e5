import type { Insertable } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { Database } from '../../db/connection';
import type { AnalyticsViewsTable } from '../../db/schema';
import { dayOf } from './visitors';

type View = Insertable<AnalyticsViewsTable>;

/** Rows per insert statement: well under SQLite's limit on bound values (9 a row). */
const ROWS_PER_STATEMENT = 200;

/**
 * Page views counted in this process's memory and written in batches (decision 0065), like group
 * commit (decision 0016): a request adds a row to an array and returns; every `flushMs`, or once
 * `maxBuffered` rows wait, one transaction writes them all. Each process writes only what it
 * counted, so several processes and instances count each view once. A failed write is logged and
 * its rows dropped: counts are statistics, never worth a growing buffer during an outage.
 */
export function createRecorder(
  database: Database,
  clock: Clock,
  {
    flushMs = 1000,
    maxBuffered = 500,
    onError,
  }: { flushMs?: number; maxBuffered?: number; onError: (error: unknown) => void },
) {
  let views: View[] = [];
  let leftOut = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  const write = async (batch: View[], bots: Map<string, number>) => {
    if (batch.length === 0 && bots.size === 0) return;
    await database.writes.run(async (trx) => {
      for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('analytics_views')
          .values(batch.slice(start, start + ROWS_PER_STATEMENT))
          .execute();
      }
      for (const [day, count] of bots) {
        await trx
          .insertInto('analytics_days')
          .values({ day, left_out: count })
          .onConflict((conflict) =>
            conflict.column('day').doUpdateSet((update) => ({
              left_out: update(update.ref('analytics_days.left_out'), '+', update.ref('excluded.left_out')),
            })),
          )
          .execute();
      }
    });
  };

  /** Writes what is buffered now; resolves once it (and any earlier flush) is done. */
  const flush = (): Promise<void> => {
    const batch = views;
    const bots = leftOut;
    views = [];
    leftOut = new Map();
    flushing = flushing.then(() => write(batch, bots).catch(onError));
    return flushing;
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    view(row: View) {
      views.push(row);
      if (views.length >= maxBuffered) void flush();
    },
    /** A request left out as a bot: only the day's number is kept. */
    leftOut() {
      const day = dayOf(clock());
      leftOut.set(day, (leftOut.get(day) ?? 0) + 1);
    },
    flush,
    /** On shutdown: stop the timer and write what is left. */
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
