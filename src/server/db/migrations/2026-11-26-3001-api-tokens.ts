import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Named API tokens (decision 0058): scripts get their own revocable key with the roles chosen for
 * it, instead of sharing the admin key. Only a hash of each token is stored; `roles` is the roles'
 * names joined by commas (three fixed words, so no table of its own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('name', 'text', (column) => column.notNull())
    /** Hex SHA-256 of the token: it is 256 random bits, so a slow hash would add nothing. */
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('roles', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
}
