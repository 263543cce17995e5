import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../db/sqlite-driver.mjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownershipProblem, replaceSqlite, sqliteFiles } from './sqlite-copy';

describe('replaceSqlite: the safety copy of what a restore replaces', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-replace-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('after an unclean stop keeps the write-ahead log with the old database, so its newest rows survive', () => {
    // A server that stopped uncleanly: its newest commit is only in site.db-wal.
    const running = path.join(folder, 'running.db');
    const server = new SQLite(running);
    server.pragma('journal_mode = WAL');
    server.pragma('wal_autocheckpoint = 0');
    server.exec('create table enquiries (message text)');
    server.pragma('wal_checkpoint(TRUNCATE)');
    server.prepare('insert into enquiries values (?)').run('the newest enquiry');
    const live = path.join(folder, 'site.db');
    sqliteFiles(running).forEach((file, index) => fs.copyFileSync(file, sqliteFiles(live)[index]!));
    server.close();
    expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);

    const incoming = path.join(folder, 'backup.db');
    new SQLite(incoming).exec('create table enquiries (message text)').close();

    const kept = replaceSqlite(live, incoming, `${live}.before-restore-test`);
    expect(kept).toBe(`${live}.before-restore-test`);
    expect(fs.existsSync(`${live}-wal`)).toBe(false); // the restored database starts without the old log
    const keptDatabase = new SQLite(kept!, { readonly: true });
    expect(keptDatabase.prepare('select message from enquiries').pluck().all()).toEqual(['the newest enquiry']);
    keptDatabase.close();
    const restored = new SQLite(live, { readonly: true });
    expect(restored.prepare('select count(*) from enquiries').pluck().get()).toBe(0);
    restored.close();
  });

  it("gives the restored database the owner and mode of the one it replaces (a restore as root left it root's)", () => {
    const live = path.join(folder, 'site.db');
    new SQLite(live).exec('create table enquiries (message text)').close();
    fs.chmodSync(live, 0o640);
    // As root (CI, sudo): a file of the service's own account, as on a server.
    if (process.getuid?.() === 0) fs.chownSync(live, 4321, 4322);
    const before = fs.statSync(live);
    const incoming = path.join(folder, 'backup.db');
    new SQLite(incoming).exec('create table enquiries (message text)').close();
    fs.chmodSync(incoming, 0o600);

    replaceSqlite(live, incoming, `${live}.before-restore-test`);
    const after = fs.statSync(live);
    expect([after.uid, after.gid, after.mode & 0o7777]).toEqual([before.uid, before.gid, 0o640]);
  });

  it('refuses, with the command that can, when this user could not give the restored file its owner', () => {
    const live = path.join(folder, 'site.db');
    fs.writeFileSync(live, '');
    const owner = fs.statSync(live).uid;
    expect(ownershipProblem(live, 0)).toBeUndefined();
    expect(ownershipProblem(live, owner)).toBeUndefined();
    expect(ownershipProblem(live, owner + 1)).toBe(
      `${live} belongs to uid ${owner}, and this command runs as uid ${owner + 1}: the restored database would not be ` +
        "the site's to write. Run it as the site: sudo northstar restore … on a server (or sudo, which gives the file " +
        'its owner back). Nothing was changed.',
    );
  });
});
