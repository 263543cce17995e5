import type { Kysely } from 'kysely';

/**
 * analytics_views.showing (issue 49): the id an in-place showing's beacon carries, unique, so the
 * same showing sent twice, or retried to another process or instance, is one view. Views counted
 * from a page's own request have none (NULLs never clash). The visitor index gains the moment: a
 * visit's first view is its earliest received (`at`), not its lowest id (decision 0065).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_views').addColumn('showing', 'text').execute();
  // Partial: only beacons' rows have an id, so the views counted from requests (nearly all) add no entry.
  await db.schema
    .createIndex('analytics_views_showing')
    .on('analytics_views')
    .column('showing')
    .unique()
    .where('showing', 'is not', null)
    .execute();
  await db.schema.dropIndex('analytics_views_visitor').execute();
  await db.schema
    .createIndex('analytics_views_visitor')
    .on('analytics_views')
    .columns(['day', 'visitor', 'at', 'id'])
    .execute();
}
