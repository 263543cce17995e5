import { type Kysely, type Migration, Migrator } from 'kysely';
import { migrations } from './migrations/index';

/**
 * Brings the schema up to date; throws with the failing migration's name.
 *
 * A rolled-back release finds migrations in the database that its code does not know: the newer
 * release applied them, and by the expand-then-contract rule (docs/architecture.md, "Add a
 * migration") they left a schema the previous release still works with. They count as applied
 * here instead of stopping the start, which is what Kysely's migrator would do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const appliedByNewerRelease = (await appliedMigrationNames(db)).filter((name) => !Object.hasOwn(migrations, name));
  const all = { ...migrations, ...Object.fromEntries(appliedByNewerRelease.map((name) => [name, alreadyApplied])) };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

const alreadyApplied: Migration = { up: async () => {} };

/** The names Kysely recorded, or none on a database never migrated. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read before the schema is known
export async function appliedMigrationNames(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const rows: { name: string }[] = await db.selectFrom('kysely_migration').select('name').execute();
  return rows.map((row) => row.name);
}
