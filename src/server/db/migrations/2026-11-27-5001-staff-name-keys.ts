import type { Kysely } from 'kysely';

/**
 * Names that can't impersonate (issue 36, decision 0058): each account's name in the form names
 * are compared in (NFKC, spaces collapsed, lower case; shared/staff/display-names.ts), unique, so
 * two invitations accepted at once under one name cannot both succeed. Null for accounts made
 * before this (migration 5002 fills them) and, during an upgrade, by the previous release.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_accounts').addColumn('name_key', 'text').execute();
  await db.schema.createIndex('staff_accounts_name_key').on('staff_accounts').column('name_key').unique().execute();
}
