import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from './sqlite-driver.mjs';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Engine } from './dialect';
import { createGroupCommit, type GroupCommit } from './group-commit';
import type { DatabaseSchema } from './schema';

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite only: the file name inside dataDir. */
  sqliteFile?: string;
}

export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /** SQLite only: the database file, for the few readers that open their own connection. */
  sqliteFile?: string | undefined;
  /** Writes that arrive together share one transaction, each answered after its commit (group-commit.ts). */
  writes: GroupCommit<DatabaseSchema>;
  /** PostgreSQL: this process's connection pool, for GET /metrics (SQLite has one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openDatabase(options: DatabaseOptions): Database {
  const engine: Engine = options.databaseUrl ? 'postgres' : 'sqlite';
  const pool = engine === 'postgres' ? postgresPool(options) : undefined;
  const db = new Kysely<DatabaseSchema>({
    dialect: pool ? new PostgresDialect({ pool }) : sqliteDialect(options),
  });
  // SQLite: inside the group commit's transactions the connection does not wait for the write
  // lock (that wait would block the event loop while another process writes): SQLite answers BUSY
  // at once and the group commit retries after a short pause, serving requests meanwhile. The
  // connection's lock is held for the whole transaction, so no other query sees the setting.
  const writes =
    engine === 'sqlite'
      ? createGroupCommit(db, {
          retryWhenBusy: true,
          withinTransaction: async (trx, work) => {
            await sql`pragma busy_timeout = 0`.execute(trx);
            try {
              return await work();
            } finally {
              await sql.raw(`pragma busy_timeout = ${sqliteBusyTimeoutMs}`).execute(trx);
            }
          },
        })
      : createGroupCommit(db);
  return {
    db,
    engine,
    sqliteFile: engine === 'sqlite' ? sqliteFileOf(options) : undefined,
    writes,
    ...(pool
      ? { poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
      : {}),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

const sqliteFileOf = (options: DatabaseOptions) => path.join(options.dataDir, options.sqliteFile ?? 'site.db');

const sqliteBusyTimeoutMs = 5000;

function sqliteDialect(options: DatabaseOptions) {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = sqliteFileOf(options);
  return new SqliteDialect({
    database: async () => {
      const database = new SQLite(file);
      // WAL lets readers carry on while a write commits; NORMAL sync is safe with WAL.
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('foreign_keys = ON');
      // Deleted rows are overwritten with zeros, not left readable in free pages: a purged
      // enquiry must not survive in the file or in the backups taken from it (decision 0046).
      database.pragma('secure_delete = ON');
      database.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
      return withStatementCache(database);
    },
  });
}

/**
 * Kysely prepares every query anew; compiling the SQL was a tenth of an enquiry's CPU time. The
 * same SQL text gets the same prepared statement (better-sqlite3 runs each to completion before the
 * next, and we never stream). Bounded: a flood of distinct SQL (e.g. IN lists) just starts afresh.
 */
function withStatementCache(database: SQLite.Database, maxStatements = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= maxStatements) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * pg is loaded only when the site runs on PostgreSQL: on SQLite no process needs it, and loading
 * it costs each process (primary and every worker) about 3 MB of V8 heap (decision 0039).
 */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg;

function postgresPool(options: DatabaseOptions) {
  const { Pool, types } = loadPg();
  // COUNT(*) and BIGINT come back from pg as strings; our counts fit in a JS number.
  types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));
  const pool = new Pool({
    connectionString: options.databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // A client that loses its server emits 'error': the pool listens for idle ones, and this listener
  // covers clients checked out between queries (inside a transaction). Without it a database
  // restart would crash the process; the query in progress fails and answers 503 instead.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
