// `npm run restore <file>`: puts a copy made by `npm run backup` back as the site's SQLite
// database. Refuses while the site answers on PORT (stop it first). The current database is kept
// beside it as site.db.before-restore-<time>, and the new one takes its place with one rename.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseFile, dataDir, host, port, usesPostgres } from './lib/site-env.mjs';

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

if (usesPostgres) {
  fail(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, for example\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" site-YYYY-MM-DD.dump',
  );
}
const backupFile = process.argv[2];
if (!backupFile) fail('Usage: npm run restore <backup file>   (e.g. backups/site-2026-11-23.db)');
if (!fs.existsSync(backupFile)) fail(`No file at ${path.resolve(backupFile)}.`);

/** True when something accepts connections where the site listens (PORT, HOST). */
const portAnswers = () =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(2000);
    const settle = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
const running = await portAnswers();
if (running) {
  fail(
    `Something answers on port ${port}: stop the site before restoring (a running server would keep ` +
      'writing to the database being replaced). Nothing was changed.',
  );
}

// A backup must be a sound SQLite file of this site before it replaces anything.
let check;
try {
  const candidate = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  check = candidate.pragma('quick_check', { simple: true });
  const hasSchema = candidate
    .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'contact_submissions'")
    .get().n;
  candidate.close();
  if (check === 'ok' && !hasSchema) check = 'not a backup of this site (no contact_submissions table)';
} catch (error) {
  check = error.message;
}
if (check !== 'ok') fail(`${backupFile} cannot be restored: ${check}. Nothing was changed.`);

fs.mkdirSync(dataDir, { recursive: true });
const incoming = `${databaseFile}.restoring`;
fs.copyFileSync(backupFile, incoming);
const handle = fs.openSync(incoming, 'r');
fs.fsyncSync(handle); // on disk before it takes the database's name
fs.closeSync(handle);
if (fs.existsSync(databaseFile)) {
  const kept = `${databaseFile}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(databaseFile, kept);
  console.log(`The previous database is kept as ${kept}.`);
}
// The old database's write-ahead log belongs to it, not to the restored file.
for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
fs.renameSync(incoming, databaseFile);
console.log(
  `Restored ${backupFile} to ${databaseFile}. Start the site: migrations newer than the backup run at start.`,
);
