import { type Kysely, sql } from 'kysely';
import { engineOf } from './dialect';

/**
 * After personal data is deleted for good: on SQLite, copies the write-ahead log into the database
 * file and truncates it. With `secure_delete` on (connection.ts) the deleted rows are then zeros in
 * the file, and the log no longer holds the pages that carried them (decision 0046). Call it after
 * the deleting transaction has committed. PostgreSQL keeps its own files; nothing to do here.
 */
export async function eraseDeleted<T>(db: Kysely<T>): Promise<void> {
  if (engineOf(db as Kysely<unknown>) !== 'sqlite') return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
