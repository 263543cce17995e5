// `npm run backup [folder]`: a consistent copy of the SQLite database (enquiries, posts, settings
// and the uploaded images, which are stored in it) while the site runs, one per day, keeping the
// newest BACKUP_KEEP (default 7). With PostgreSQL (DATABASE_URL set) use pg_dump; this says so.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseFile, usesPostgres } from './lib/site-env.mjs';

if (usesPostgres) {
  console.log('DATABASE_URL is set: back up PostgreSQL with pg_dump, for example');
  console.log('  pg_dump --format=custom --file="site-$(date +%F).dump" "$DATABASE_URL"');
  process.exit(0);
}
const keep = Number(process.env.BACKUP_KEEP || 7);
if (!Number.isInteger(keep) || keep < 1) {
  console.error('BACKUP_KEEP must be a whole number of copies, at least 1.');
  process.exit(1);
}
if (!fs.existsSync(databaseFile)) {
  console.error(`No database at ${databaseFile}. Set DATA_DIR to the folder the site uses.`);
  process.exit(1);
}
const targetDir = path.resolve(process.argv[2] ?? 'backups');
fs.mkdirSync(targetDir, { recursive: true });
// One copy per day: a second run on the same day replaces that day's copy.
const target = path.join(targetDir, `site-${new Date().toISOString().slice(0, 10)}.db`);
const partial = `${target}.partial`;

// SQLite's online backup copies a consistent snapshot even while the server writes (WAL mode).
const source = new SQLite(databaseFile, { readonly: true });
await source.backup(partial);
source.close();
const copy = new SQLite(partial);
// One self-contained file (no -wal beside it); the server turns WAL back on when it opens it.
copy.pragma('journal_mode = DELETE');
const check = copy.pragma('quick_check', { simple: true });
copy.close();
if (check !== 'ok') {
  fs.rmSync(partial, { force: true });
  console.error(`The copy failed SQLite's check (${check}); the previous backups are untouched.`);
  process.exit(1);
}
fs.renameSync(partial, target); // a half-written copy never carries a backup's name

const copies = fs
  .readdirSync(targetDir)
  .filter((name) => /^site-\d{4}-\d{2}-\d{2}\.db$/.test(name))
  .sort()
  .reverse();
for (const old of copies.slice(keep)) fs.rmSync(path.join(targetDir, old));
console.log(`Backed up ${databaseFile} to ${target} (keeping the newest ${keep}).`);
