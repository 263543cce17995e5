import type { Kysely } from 'kysely';
import { autoIdColumn, binaryColumnType, engineOf } from '../dialect';

/**
 * Staff accounts (decision 0058): each member of staff signs in as themselves.
 * - staff_accounts: who, their roles (names joined by commas), how they sign in (a password hash
 *   and, for codes from an app, its secret and the last step used, so each code works once),
 *   and whether the account is disabled. `email_key` is the address in its one canonical form.
 * - staff_passkeys: each account's WebAuthn credentials.
 * - staff_invitations: one-time links (only their hash kept); the setup link of a fresh install
 *   is an owner's invitation with no address.
 * - sign_in_challenges: what a sign-in in progress waits for (a passkey's challenge, a code by
 *   e-mail, the second step after a password), shared by every process; each has an end.
 * - admin_sessions.account_id: whose session it is (none for one opened with the admin key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull().unique())
    .addColumn('roles', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('staff_passkeys')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('account_id', 'integer', (column) => column.notNull())
    /** base64url, as WebAuthn names it. */
    .addColumn('credential_id', 'text', (column) => column.notNull().unique())
    .addColumn('public_key', binaryColumnType(engine), (column) => column.notNull())
    .addColumn('counter', 'integer', (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_passkeys_account').on('staff_passkeys').column('account_id').execute();

  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('roles', 'text', (column) => column.notNull())
    .addColumn('invited_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('sign_in_challenges')
    /** Hex SHA-256 of the token the browser holds for this sign-in in progress. */
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sign_in_challenges_expires').on('sign_in_challenges').column('expires_at').execute();

  await db.schema.alterTable('admin_sessions').addColumn('account_id', 'integer').execute();
  await db.schema.createIndex('admin_sessions_account').on('admin_sessions').column('account_id').execute();
}
