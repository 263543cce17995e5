import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * The staff access log (decision 0058): when, who (the principal's kind, id and name at the
 * time), what, which record (kind and id) and whether it was allowed. Never a parent's data: an
 * enquiry is named by its id only, so its entries may outlive it. Owners filter by who and by
 * enquiry, newest first; the daily retention run deletes by age: one index each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_log')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor_kind', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target_kind', 'text')
    .addColumn('target_id', 'text')
    .addColumn('outcome', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('access_log_at').on('access_log').column('at').execute();
  await db.schema.createIndex('access_log_actor').on('access_log').columns(['actor_kind', 'actor_id']).execute();
  await db.schema.createIndex('access_log_target').on('access_log').columns(['target_kind', 'target_id']).execute();
}
