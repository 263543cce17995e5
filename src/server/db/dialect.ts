import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

export function engineOf(db: Kysely<unknown>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-numbered integer primary key, spelled the way each engine wants it. */
export function autoIdColumn(engine: Engine) {
  return (column: ColumnDefinitionBuilder) =>
    engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** Raw bytes: `blob` on SQLite, `bytea` on PostgreSQL; both take and give a Node Buffer. */
export function binaryColumnType(engine: Engine) {
  return engine === 'postgres' ? 'bytea' : 'blob';
}
