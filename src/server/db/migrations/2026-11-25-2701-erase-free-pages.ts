import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

/**
 * One clean of a SQLite file written before `secure_delete` was on (decision 0046): rows deleted
 * then are still readable in its free pages. VACUUM rebuilds the file without them, and the
 * checkpoint leaves no copy in the write-ahead log. Recorded like any migration, so it runs once.
 * PostgreSQL keeps dead rows in its own files until its vacuum reuses them; nothing to do here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
