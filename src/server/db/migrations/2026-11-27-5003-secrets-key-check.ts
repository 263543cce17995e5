import type { Kysely } from 'kysely';

/**
 * Authenticator secrets at rest (issue 36, decision 0058): which key encrypts this database's
 * secrets, as a fingerprint (an HMAC of a fixed text under the key, which reveals nothing of it).
 * One row, written by the first start that makes or finds a key; a start whose key file does not
 * match it, or that has none while it is there, refuses instead of making a second key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('secrets_key_check')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}
