import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { DatabaseTemplate } from './database-template';

export interface TestDatabase extends Database {
  /** Where files of this test may go (also the SQLite file's folder). */
  dataDir: string;
  databaseUrl?: string;
  /** Closes and deletes the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or, when the test project
 * says TEST_DB=postgres, a database of its own on the PostgreSQL server, dropped afterwards.
 *
 * In the sqlite and postgres projects it is a copy of the run's template, migrated once
 * (database-template.global.ts); elsewhere, or with `{ fromTemplate: false }` (the tests of the
 * migrations themselves), the migrations run on it here.
 */
export async function createTestDatabase({ fromTemplate = true } = {}): Promise<TestDatabase> {
  const template: DatabaseTemplate | undefined = fromTemplate
    ? (inject('testDatabaseTemplate') ?? undefined)
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  if (process.env.TEST_DB !== 'postgres') {
    const sqliteTemplate = template?.engine === 'sqlite' ? template : undefined;
    if (sqliteTemplate) fs.copyFileSync(sqliteTemplate.file, path.join(dataDir, 'site.db'));
    const database = openDatabase({ dataDir });
    if (!sqliteTemplate) await migrateToLatest(database.db);
    return {
      ...database,
      dataDir,
      dispose: async () => {
        await database.close().catch(() => {});
        removeDir();
      },
    };
  }

  // A database per test file, not a schema: Kysely's migrator inspects every schema of its
  // database, and fails when a parallel test file drops its own schema at that moment.
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const runOnServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const postgresTemplate = template?.engine === 'postgres' ? template : undefined;
  await runOnServer(`create database ${name}${postgresTemplate ? ` template ${postgresTemplate.name}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.href;
  const database = openDatabase({ databaseUrl, dataDir });
  if (!postgresTemplate) await migrateToLatest(database.db);
  return {
    ...database,
    dataDir,
    databaseUrl,
    dispose: async () => {
      await database.close().catch(() => {});
      await runOnServer(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}
