import type { Kysely } from 'kysely';

/**
 * Leavers leave (issue 36, decision 0058): an API token and an invitation keep the id of the
 * account that made them, so disabling that account can revoke and withdraw them. The names
 * stay, for display (null id: made with the admin key, at first start, or before this).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('created_by_account_id', 'integer').execute();
  await db.schema.createIndex('api_tokens_creator').on('api_tokens').column('created_by_account_id').execute();
  await db.schema.alterTable('staff_invitations').addColumn('invited_by_account_id', 'integer').execute();
  await db.schema
    .createIndex('staff_invitations_inviter')
    .on('staff_invitations')
    .column('invited_by_account_id')
    .execute();
}
