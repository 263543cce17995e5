import fs from 'node:fs';
import SQLite from '../db/sqlite-driver.mjs';
import { readSiteContents, type SiteContents } from './site-contents';

/** The files one SQLite database lives in: the file, and its write-ahead log and index while open or after an unclean stop. */
export const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/**
 * A consistent copy of the live database while the site runs (SQLite's online backup, which
 * includes what is still in the write-ahead log), as one self-contained file, checked.
 */
export async function copySqlite(liveFile: string, copyFile: string): Promise<SiteContents> {
  const source = new SQLite(liveFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(copyFile);
  } finally {
    source.close();
  }
  const copy = new SQLite(copyFile);
  try {
    copy.pragma('journal_mode = DELETE'); // no -wal beside it; the server turns WAL back on when it opens it
  } finally {
    copy.close();
  }
  return inspectSqlite(copyFile);
}

/** Opens a copy read-only: SQLite's own check, then what it holds. Throws saying what is wrong. */
export async function inspectSqlite(file: string): Promise<SiteContents> {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`it does not open as SQLite (${(error as Error).message})`, { cause: error });
  }
  try {
    const check = database.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`SQLite's check fails (${String(check)})`);
    return await readSiteContents(async (sql) => database.prepare(sql).all() as Record<string, unknown>[]);
  } catch (error) {
    throw new Error(`it is not a sound database of this site (${(error as Error).message})`, { cause: error });
  } finally {
    database.close();
  }
}

/**
 * Puts `incoming` in place of `liveFile`. The database being replaced is kept whole beside it as
 * `<file>.before-restore-<time>`, its write-ahead log and index renamed with it (`…-wal`, `…-shm`):
 * after an unclean stop the newest writes are only in the log, and SQLite replays a log whose
 * name matches its database's when the kept file is opened. Returns the kept file's name.
 */
export function replaceSqlite(liveFile: string, incoming: string, keptFile: string): string | undefined {
  const staged = `${liveFile}.restoring`;
  fs.copyFileSync(incoming, staged);
  // The service must be able to write what it finds: the owner and mode of the file replaced (a
  // restore run as root left a root-owned site.db, "attempt to write a readonly database").
  // restore-cli refuses beforehand when this user could not give the file that owner.
  if (fs.existsSync(liveFile)) {
    const live = fs.statSync(liveFile);
    if (live.uid !== fs.statSync(staged).uid || live.gid !== fs.statSync(staged).gid)
      fs.chownSync(staged, live.uid, live.gid);
    fs.chmodSync(staged, live.mode & 0o7777);
  }
  const handle = fs.openSync(staged, 'r');
  fs.fsyncSync(handle); // on disk before it takes the database's name
  fs.closeSync(handle);
  const present = fs.existsSync(liveFile);
  sqliteFiles(liveFile).forEach((file, index) => {
    if (fs.existsSync(file)) fs.renameSync(file, sqliteFiles(keptFile)[index]!);
  });
  fs.renameSync(staged, liveFile);
  return present ? keptFile : undefined;
}

/**
 * Why this user could not give a restored copy the owner of `liveFile`, with the command that
 * can; undefined when it can (root can; anyone else only for a file they own).
 */
export function ownershipProblem(liveFile: string, uid = process.getuid?.()): string | undefined {
  const owner = fs.statSync(liveFile).uid;
  if (uid === undefined || uid === 0 || uid === owner) return undefined;
  return (
    `${liveFile} belongs to uid ${owner}, and this command runs as uid ${uid}: the restored database would not be ` +
    "the site's to write. Run it as the site: sudo northstar restore … on a server (or sudo, which gives the file " +
    'its owner back). Nothing was changed.'
  );
}
