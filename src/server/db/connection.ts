import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Engine } from './dialect';
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
  /** PostgreSQL: this process's connection pool, for GET /metrics (SQLite has one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): Database {
  const engine: Engine = options.databaseUrl ? 'postgres' : 'sqlite';
  const pool = engine === 'postgres' ? postgresPool(options) : undefined;
  const db = new Kysely<DatabaseSchema>({
    dialect: pool ? new PostgresDialect({ pool }) : sqliteDialect(options),
  });
  return {
    db,
    engine,
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

function sqliteDialect(options: DatabaseOptions) {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'site.db');
  return new SqliteDialect({
    database: async () => {
      const database = new SQLite(file);
      // WAL lets readers carry on while a write commits; NORMAL sync is safe with WAL.
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('foreign_keys = ON');
      database.pragma('busy_timeout = 5000');
      return database;
    },
  });
}

function postgresPool(options: DatabaseOptions) {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its server emits 'error'; without a listener that would crash us.
  pool.on('error', () => {});
  return pool;
}
