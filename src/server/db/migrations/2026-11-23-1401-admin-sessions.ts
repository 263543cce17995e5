import type { Kysely } from 'kysely';

/**
 * Staff sessions (docs/decisions/0030-admin-sessions.md). Only a hash of each session token is
 * stored, so a copy of the database cannot be used to sign in. `key_fingerprint` ties a session to
 * the admin key it was opened with: once the key changes (rotation, or a new ADMIN_API_KEY) the
 * session no longer matches and ends, on every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    /** Hex SHA-256 of the session token (the cookie's value). */
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('key_fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    /** ISO time of the absolute end, whatever the activity. */
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('admin_sessions_expires').on('admin_sessions').column('expires_at').execute();
}
