import { type Kysely, sql } from 'kysely';

/**
 * The name keys of the accounts made before they were kept. Written out here rather than imported
 * (a migration never changes with the app's code): NFKC, runs of spaces as one, trimmed, lower
 * case, as shared/staff/display-names.ts compares names. Where two older accounts share a key,
 * the first made keeps it and the later ones stay without (the index is unique): both keep their
 * names, and the server still refuses a new account either name, since it compares every name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; name: string }>`
    select id, name from staff_accounts where name_key is null order by id
  `.execute(db);
  const taken = new Set(
    (
      await sql<{ name_key: string }>`select name_key from staff_accounts where name_key is not null`.execute(db)
    ).rows.map((row) => row.name_key),
  );
  for (const { id, name } of rows) {
    const key = name.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    await sql`update staff_accounts set name_key = ${key} where id = ${id}`.execute(db);
  }
}
