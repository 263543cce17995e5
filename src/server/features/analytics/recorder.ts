import type { Insertable } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { Database } from '../../db/connection';
import type { AnalyticsViewsTable } from '../../db/schema';
import type { VisitSource } from './classify';
import { dayOf, type Visit } from './visitors';

type Row = Insertable<AnalyticsViewsTable>;

/** Rows per insert statement: well under SQLite's limit on bound values (10 a row). */
const ROWS_PER_STATEMENT = 200;

/**
 * A view's row within its visitor's rows: by page, and by source when it has one. A path holds no
 * space (the HTTP parser refuses one), so a space parts the two; a showing's id (a beacon's row)
 * holds neither a slash nor a space, so it never meets one of these.
 */
const rowKey = (path: string, from: VisitSource) =>
  from.channel === 'direct' ? path : `${path} ${JSON.stringify(from)}`;

/**
 * Page views counted in this process's memory and written in batches (decision 0065), like group
 * commit (decision 0016): a request counts its view in a map and returns; every `flushMs`, or once
 * `maxBuffered` rows wait, one transaction writes them all. Views of one page by one visitor from
 * one source within a batch are one row with their number (`views`), the first one's moment kept:
 * a reader pressing reload, or a flood from one address, costs a row a second, not a row a
 * request. Each process writes only what it counted, so several processes and instances count
 * each view once. A failed write is logged and its rows dropped: counts are statistics, never
 * worth a growing buffer during an outage.
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
  // The batch's rows in the order first seen, and the same rows by visitor (a day's hash, so also
  // by day) and rowKey: maps within a map, so a view adds up without building a key string.
  let batch: Row[] = [];
  let byVisitor = new Map<string, Map<string, Row>>();
  let leftOut = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  const write = async (batch: Row[], bots: Map<string, number>) => {
    if (batch.length === 0 && bots.size === 0) return;
    // A beacon's rows last, in the order of their showing ids: two processes writing the same
    // showing (a copy sent to each) then wait for each other in one order, never in a cycle
    // (PostgreSQL checks a unique key under a lock held to the commit).
    const rows = [
      ...batch.filter((row) => !row.showing),
      ...batch.filter((row) => row.showing).sort((a, b) => (a.showing! < b.showing! ? -1 : 1)),
    ];
    await database.writes.run(async (trx) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        // A showing already counted (its beacon sent twice, to this process or another) is skipped.
        await trx
          .insertInto('analytics_views')
          .values(rows.slice(start, start + ROWS_PER_STATEMENT))
          .onConflict((conflict) => conflict.column('showing').where('showing', 'is not', null).doNothing())
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
    // In the order first seen: among views counted in the same millisecond, the first keeps the lower id.
    const rows = batch;
    const bots = leftOut;
    batch = [];
    byVisitor = new Map();
    leftOut = new Map();
    flushing = flushing.then(() => write(rows, bots).catch(onError));
    return flushing;
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /**
     * `visit` was shown the page at `path`, having come from `from`; `showing` is the id of a
     * showing the page's beacon told of (its own row, never folded, so a second copy is dropped).
     */
    view(visit: Visit, path: string, from: VisitSource, showing?: string) {
      let rows = byVisitor.get(visit.visitor);
      if (!rows) {
        rows = new Map();
        byVisitor.set(visit.visitor, rows);
      }
      const key = showing ?? rowKey(path, from);
      const counted = rows.get(key);
      if (counted) {
        if (!showing) counted.views! += 1;
        return;
      }
      const row: Row = { at: clock().toISOString(), ...visit, path, ...from, views: 1, showing: showing ?? null };
      rows.set(key, row);
      batch.push(row);
      if (batch.length >= maxBuffered) void flush();
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
