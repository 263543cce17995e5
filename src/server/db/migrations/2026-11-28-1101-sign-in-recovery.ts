import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Getting back into a staff account (issue 38, decision 0058 "Recovery"): one-time links that
 * let an existing account set how it signs in again, only their hash kept.
 * - kind `forgot`: asked for on the sign-in screen; works for an hour, and only with the person's
 *   code (their authenticator app's, or one e-mailed).
 * - kind `reset`: sent by an owner ("Reset sign-in"); works for 48 hours, like an invitation.
 * Only an account's newest link works: making one ends the ones before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('staff_recovery_links')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    /** The owner who sent a `reset` (null for `forgot`, and for the admin key). */
    .addColumn('sent_by_account_id', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_recovery_links_account').on('staff_recovery_links').column('account_id').execute();
}
