import type { Kysely } from 'kysely';

/**
 * Step-up (issue 36, decision 0058): when a session last proved who holds it (its sign-in, or a
 * passkey or a password with a code since). Changing how an account signs in needs a proof of
 * the last few minutes. Null for a session opened before this: its sign-in time counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_sessions').addColumn('proved_at', 'text').execute();
}
