import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * A database migrated once per test run, which createTestDatabase() copies for each call: copying
 * costs a few milliseconds on SQLite and one CREATE DATABASE on PostgreSQL, where running every
 * migration again took about a second a call on a busy two-core machine.
 */
export type DatabaseTemplate =
  /** The migrated SQLite file: closed, its write-ahead log checkpointed into it, so a copy is whole. */
  | { engine: 'sqlite'; file: string }
  /** The migrated PostgreSQL database, on the server at TEST_DATABASE_URL; nobody may connect to it. */
  | { engine: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by database-template.global.ts for the sqlite and postgres projects; null when there is none to copy. */
    testDatabaseTemplate: DatabaseTemplate | null;
  }
}

/**
 * Leftovers of a run that crashed before its teardown carry the pid of its Vitest process (and, on
 * PostgreSQL, which may serve several machines, a hash of the host's name), so a later run removes
 * only those whose process is gone: never the template of a run still going beside it.
 */
const host = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const sqlitePrefix = 'site-test-template-';
const postgresPrefix = `test_tmpl_${host}_`;

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, and is someone else's.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const ownerOf = (name: string, prefix: string) => Number.parseInt(name.slice(prefix.length), 10);

export async function createSqliteTemplate(): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(sqlitePrefix) && processIsGone(ownerOf(entry, sqlitePrefix))) {
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${sqlitePrefix}${process.pid}-`));
  const remove = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const database = openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db);
      // Everything into the file itself, then close (the last connection removes the log): the
      // file alone is then the whole database, in WAL mode as the site's files are.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    } finally {
      await database.close();
    }
    const file = database.sqliteFile!;
    if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) {
      throw new Error(
        `The template database ${file} kept a write-ahead log; a copy of the file alone would be partial.`,
      );
    }
    return { template: { engine: 'sqlite', file }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  const onServer = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const drop = (name: string) => onServer((client) => client.query(`drop database if exists ${name} with (force)`));

  const leftovers = await onServer((client) =>
    client.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [
      postgresPrefix,
    ]),
  );
  for (const { datname } of leftovers.rows) {
    if (processIsGone(ownerOf(datname, postgresPrefix))) await drop(datname);
  }

  const name = `${postgresPrefix}${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name}`));
  const remove = () => drop(name).then(() => {});
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: this keeps out
    // all but the server's own wraparound vacuum (copies get the default, connections allowed).
    await onServer((client) => client.query(`alter database ${name} with allow_connections false`));
    return { template: { engine: 'postgres', name }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
