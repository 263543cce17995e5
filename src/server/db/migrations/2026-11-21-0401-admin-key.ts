import type { Kysely } from 'kysely';

/**
 * The generated admin key's hash (docs/decisions/0005-admin-key.md). One row, id 1: the fixed id
 * lets several instances starting together race safely (only one insert wins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_key')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}
