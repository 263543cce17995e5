// `npm run backup [folder]`: a consistent copy of the SQLite database while the site runs.
// With PostgreSQL (DATABASE_URL set), use pg_dump instead; this says so.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

if (process.env.DATABASE_URL) {
  console.log('DATABASE_URL is set: back up PostgreSQL with pg_dump, for example');
  console.log('  pg_dump --format=custom --file=site.dump "$DATABASE_URL"');
  process.exit(0);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const source = path.join(dataDir, 'site.db');
if (!fs.existsSync(source)) {
  console.error(`No database at ${source}. Set DATA_DIR to the folder the site uses.`);
  process.exit(1);
}
const targetDir = path.resolve(process.argv[2] ?? 'backups');
fs.mkdirSync(targetDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.join(targetDir, `site-${stamp}.db`);

// SQLite's online backup copies a consistent snapshot even while the server writes (WAL mode).
const database = new SQLite(source, { readonly: true });
await database.backup(target);
database.close();
console.log(`Backed up ${source} to ${target}`);
