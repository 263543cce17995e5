import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index';

/** Brings the schema up to date; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
