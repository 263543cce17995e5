import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/app';
import { seedEnquiry } from '../../../tests/support/enquiries-factory';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

const KEY = 'erase-on-disk-test-key-0123456789';

/** The SQLite file and its write-ahead log, as bytes: what a backup or a stolen disk would hold. */
function bytesOnDisk(file: string): Buffer {
  return Buffer.concat(
    [file, `${file}-wal`].filter((name) => fs.existsSync(name)).map((name) => fs.readFileSync(name)),
  );
}

/** SQLite only: this reads the database file itself (decision 0046). */
describe('a purged enquiry is gone from the SQLite file', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('leaves no trace in the file or its log after the Bin deletes it for good', async () => {
    const subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL: 'office@example.test' },
    });
    try {
      const marker = 'Zqxmarkerfresh';
      const admin = { 'x-api-key': KEY };
      const sent = await subject.app.inject({
        method: 'POST',
        url: '/api/contact-submissions',
        payload: {
          firstName: marker,
          lastName: `${marker}Last`,
          email: `${marker.toLowerCase()}@example.com`,
          mobile: '07700 900456',
          message: `Private message ${marker}`,
        },
      });
      expect(sent.statusCode).toBe(201);
      const id = sent.json<{ id: number }>().id;
      const note = await subject.app.inject({
        method: 'POST',
        url: `/api/contact-submissions/${id}/notes`,
        headers: admin,
        payload: { text: `Rang ${marker}` },
      });
      expect(note.statusCode).toBe(201);
      const file = subject.database.sqliteFile!;
      expect(bytesOnDisk(file).includes(marker)).toBe(true);

      const binned = await subject.app.inject({
        method: 'DELETE',
        url: `/api/contact-submissions/${id}`,
        headers: admin,
      });
      expect(binned.statusCode).toBe(204);
      const purged = await subject.app.inject({
        method: 'DELETE',
        url: `/api/admin/bin/enquiry/${id}`,
        headers: admin,
      });
      expect(purged.statusCode).toBe(204);

      expect(bytesOnDisk(file).includes(marker)).toBe(false);
    } finally {
      await subject.close();
    }
  });

  it('cleans a file written before secure_delete once, when it is migrated', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-erase-'));
    folders.push(dataDir);
    const marker = 'Zqxmarkerold';
    const before = openDatabase({ dataDir });
    // The file as the site wrote it before the fix: deleted rows left in free pages.
    await sql`pragma secure_delete = OFF`.execute(before.db);
    const names = Object.keys(migrations);
    const last = names.indexOf('2026-11-25-2701-erase-free-pages') - 1;
    const migrator = new Migrator({ db: before.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(names[last]!)).error).toBeUndefined();
    const { id } = await seedEnquiry(before.db, { first_name: marker, message: `About ${marker}` });
    await before.db.deleteFrom('contact_submissions').where('id', '=', id).execute();
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(before.db);
    await before.close();
    const file = path.join(dataDir, 'site.db');
    expect(bytesOnDisk(file).includes(marker)).toBe(true);

    const after = openDatabase({ dataDir });
    try {
      await migrateToLatest(after.db);
      expect(bytesOnDisk(file).includes(marker)).toBe(false);
    } finally {
      await after.close();
    }
  });
});
