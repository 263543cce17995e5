import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * The centre's facts staff edit at /admin/site (decision 0059): each save is a new row holding
 * the whole set as JSON, so the newest row is what the site shows and any earlier one can be
 * brought back as a new save. Who saved is kept by name (like the access log), not by reference,
 * so a row outlives its author's account. Rows past the newest 100 are deleted at each save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_facts_revisions')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('facts', 'text', (column) => column.notNull())
    .addColumn('section', 'text', (column) => column.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('saved_at', 'text', (column) => column.notNull())
    .addColumn('saved_by', 'text', (column) => column.notNull())
    .execute();
}
