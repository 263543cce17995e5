import { type Kysely, sql } from 'kysely';
import { addDays, londonDate, londonLocalToUtc } from '../../../shared/london-time';

/**
 * The year report in well under 200 ms (decision 0070, issue 40), and the centre's days:
 * - `analytics_days.totalled`: 1 once a finished day's views are in the daily totals. The retention
 *   run totals each day once it is over and keeps its raw views 30 days all the same, so the report
 *   reads raw views only for the days not yet totalled (today, at most yesterday too).
 * - `analytics_daily_report`: the report's sums per page and source read in this index's order,
 *   from the index alone, without sorting a year of rows.
 * - Raw views' `day` becomes the London date of their moment (it was the UTC date); totals already
 *   rolled up stay on the UTC day they were made for, as nothing finer is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analytics_days')
    .addColumn('totalled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('analytics_daily_report')
    .on('analytics_daily')
    .columns(['path', 'channel', 'source', 'medium', 'campaign', 'day', 'views', 'entries'])
    .execute();

  const span = await sql<{ first: string | null; last: string | null }>`
    select min(at) as first, max(at) as last from analytics_views
  `.execute(db);
  const { first, last } = span.rows[0] ?? { first: null, last: null };
  if (!first || !last) return;
  const lastDay = londonDate(new Date(last));
  for (let day = londonDate(new Date(first)); day <= lastDay; day = addDays(day, 1)) {
    const start = londonLocalToUtc(`${day}T00:00`)!;
    const end = londonLocalToUtc(`${addDays(day, 1)}T00:00`)!;
    await sql`update analytics_views set day = ${day} where at >= ${start} and at < ${end}`.execute(db);
  }
}
