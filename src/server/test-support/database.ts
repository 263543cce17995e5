import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

export interface TestDatabase extends Database {
  /** Where files of this test may go (also the SQLite file's folder). */
  dataDir: string;
  databaseUrl?: string;
  /** Closes and deletes the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or, when the test project
 * says TEST_DB=postgres, a schema of its own on the PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  if (process.env.TEST_DB !== 'postgres') {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    return {
      ...database,
      dataDir,
      dispose: async () => {
        await database.close().catch(() => {});
        removeDir();
      },
    };
  }

  const databaseUrl = process.env.TEST_DATABASE_URL!;
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const runOnServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await runOnServer(`create schema ${schema}`);
  const database = openDatabase({ databaseUrl, dataDir, schema });
  await migrateToLatest(database.db);
  return {
    ...database,
    dataDir,
    databaseUrl,
    dispose: async () => {
      await database.close().catch(() => {});
      await runOnServer(`drop schema ${schema} cascade`);
      removeDir();
    },
  };
}
