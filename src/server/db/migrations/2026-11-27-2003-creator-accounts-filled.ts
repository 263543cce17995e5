import { type Kysely, sql } from 'kysely';

/**
 * The creators of tokens and invitations made before their ids were kept, found by the name
 * recorded then, only where exactly one account has that name (names were not unique; a name
 * that matches none or several is left without an id rather than guessed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, nameColumn, idColumn] of [
    ['api_tokens', 'created_by', 'created_by_account_id'],
    ['staff_invitations', 'invited_by', 'invited_by_account_id'],
  ] as const) {
    await sql`
      update ${sql.table(table)}
      set ${sql.ref(idColumn)} = (
        select staff_accounts.id from staff_accounts where staff_accounts.name = ${sql.ref(`${table}.${nameColumn}`)}
      )
      where ${sql.ref(idColumn)} is null
        and (
          select count(*) from staff_accounts where staff_accounts.name = ${sql.ref(`${table}.${nameColumn}`)}
        ) = 1
    `.execute(db);
  }
}
