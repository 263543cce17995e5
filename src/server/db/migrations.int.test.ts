import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // Migrated here, not copied from the run's template: the migrations are what this file tests.
    database = await createTestDatabase({ fromTemplate: false });
  });
  afterAll(() => database.dispose());

  it('can run again on an up-to-date database without changing anything', async () => {
    await expect(migrateToLatest(database.db)).resolves.toBeUndefined();
  });

  it('lets the previous release start on a database the newer one migrated (a rollback)', async () => {
    // What a newer release's migration leaves behind: its name in Kysely's table.
    const newer = { name: '2999-01-01-0001-from-a-newer-release', timestamp: new Date().toISOString() };
    const kyselyMigrations = database.db.withTables<{ kysely_migration: { name: string; timestamp: string } }>();
    await kyselyMigrations.insertInto('kysely_migration').values(newer).execute();
    try {
      await expect(migrateToLatest(database.db)).resolves.toBeUndefined();
    } finally {
      await kyselyMigrations.deleteFrom('kysely_migration').where('name', '=', newer.name).execute();
    }
  });

  it('gives submissions increasing integer ids and the unreviewed default on both engines', async () => {
    const now = new Date().toISOString();
    const base = { submission_type: 'contact', first_name: 'A', last_name: 'B', email: 'a@b.test' };
    const inserted = await database.db
      .insertInto('contact_submissions')
      .values([
        { ...base, submitted_at: now, updated_at: now },
        { ...base, submitted_at: now, updated_at: now },
      ])
      .returning(['id', 'reviewed'])
      .execute();
    expect(inserted).toHaveLength(2);
    expect(inserted[1]!.id).toBeGreaterThan(inserted[0]!.id);
    expect(typeof inserted[0]!.id).toBe('number');
    expect(inserted.map((row) => row.reviewed)).toEqual(['false', 'false']);
  });
});
