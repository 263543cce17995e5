import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Private visit counts and enquiry attribution (decision 0065). Nothing here names a person or a
 * device: a visitor is a hash made with the day's salt, which is deleted within 48 hours; no
 * address, no user agent, no query string beyond the campaign tags.
 * - `analytics_salts`: one random salt per UTC day, shared by every process and instance.
 * - `analytics_views`: one row per page shown, kept 30 days, then rolled up.
 * - `analytics_daily`: the roll-up per day, page and source, kept two years.
 * - `analytics_days`: per day, views and visitors once rolled up, and the bots left out.
 * - `analytics_attribution`: where an enquiry came from; goes with the enquiry (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('salt', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('analytics_views')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('source', 'text')
    .addColumn('medium', 'text')
    .addColumn('campaign', 'text')
    .execute();
  await db.schema
    .createIndex('analytics_views_visitor')
    .on('analytics_views')
    .columns(['day', 'visitor', 'id'])
    .execute();
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('medium', 'text', (column) => column.notNull())
    .addColumn('campaign', 'text', (column) => column.notNull())
    .addColumn('views', 'integer', (column) => column.notNull())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addColumn('entries', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_daily_key', ['day', 'path', 'channel', 'source', 'medium', 'campaign'])
    .execute();
  await db.schema
    .createTable('analytics_days')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('views', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('left_out', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('analytics_attribution')
    .addColumn('enquiry_id', 'integer', (column) =>
      column.primaryKey().references('contact_submissions.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('landing_path', 'text')
    .addColumn('sent_from', 'text')
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('source', 'text')
    .addColumn('medium', 'text')
    .addColumn('campaign', 'text')
    /** 'true', or 'false' for a second enquiry from the same visitor that day (not a second conversion). */
    .addColumn('conversion', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('analytics_attribution_at').on('analytics_attribution').column('at').execute();
}
