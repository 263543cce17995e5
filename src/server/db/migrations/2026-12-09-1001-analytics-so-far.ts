import type { Kysely } from 'kysely';

/**
 * The year report within 200 ms with its funnel (decision 0082, issue 50): a day not yet totalled
 * (today, and yesterday until the retention run) is read from what a job folds every few minutes,
 * not from all its raw views.
 * - `analytics_so_far`: per day, page and visit source, the views and visits begun among the
 *   day's views folded so far ('' for no source, medium or campaign, as in `analytics_daily`).
 *   Read only for days not totalled; the retention run totals a day from its raw views and
 *   deletes these rows.
 * - `analytics_days.so_far_until` / `so_far_id`: the day's folded views are those received before
 *   that instant (`at`) with an id up to that one; null when none is.
 * Expand only: the previous release reads neither, and reads a day not totalled from its raw
 * views, as it always has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_so_far')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('medium', 'text', (column) => column.notNull())
    .addColumn('campaign', 'text', (column) => column.notNull())
    .addColumn('views', 'integer', (column) => column.notNull())
    .addColumn('entries', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_so_far_key', ['day', 'path', 'channel', 'source', 'medium', 'campaign'])
    .execute();
  await db.schema.alterTable('analytics_days').addColumn('so_far_until', 'text').execute();
  await db.schema.alterTable('analytics_days').addColumn('so_far_id', 'integer').execute();
}
