import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { seedEnquiry } from '../../../tests/support/enquiries-factory';
import { familyOf } from '../../shared/bookings/family';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

/**
 * Migration 2026-12-08-2001-booking-limits (issue 51) on a database the release before wrote:
 * bookings still booked get their family's keys, as the app makes them today (its copy of the
 * rules must not drift from shared/bookings/family.ts), and every booking starts with no changes.
 */
describe('the booking limits migration', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('gives the bookings still booked their family’s keys, as the app makes them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-booking-limits-'));
    folders.push(dataDir);
    const database = openDatabase({ dataDir });
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf('2026-12-08-2001-booking-limits') - 1]!;
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const parents = [
        { email: 'Priya.Khan+school@GoogleMail.com', telephone: '+44 (0)7700 900123', status: 'booked' },
        { email: 'Sam@Example.com', telephone: 'n/a', status: 'booked' },
        { email: 'gone@example.com', telephone: '01632 960000', status: 'cancelled' },
      ];
      for (const [n, parent] of parents.entries()) {
        const { id } = await seedEnquiry(database.db, {
          submission_type: 'assessment',
          email: parent.email,
          telephone: parent.telephone,
        });
        await sql`
          insert into bookings (enquiry_id, starts_at, ends_at, london_date, status, uid, cancel_token_hash, change_token_hash, created_at)
          values (${id}, ${`2026-12-0${n + 1}T16:00:00.000Z`}, ${`2026-12-0${n + 1}T16:45:00.000Z`}, ${`2026-12-0${n + 1}`},
            ${parent.status}, ${`uid-${n}`}, ${`cancel-${n}`}, ${`change-${n}`}, '2026-11-30T10:00:00.000Z')
        `.execute(database.db);
      }

      await migrateToLatest(database.db);
      const rows = await database.db
        .selectFrom('bookings')
        .select(['uid', 'changes', 'family_email', 'family_phone'])
        .orderBy('uid')
        .execute();
      expect(rows).toEqual([
        { uid: 'uid-0', changes: 0, ...keysOf(parents[0]!) },
        { uid: 'uid-1', changes: 0, ...keysOf(parents[1]!) },
        { uid: 'uid-2', changes: 0, family_email: null, family_phone: null },
      ]);
      expect(rows[0]).toMatchObject({ family_email: 'priyakhan@gmail.com', family_phone: '07700900123' });
      expect(rows[1]).toMatchObject({ family_email: 'sam@example.com', family_phone: null });
    } finally {
      await database.close();
    }
  });
});

const keysOf = (parent: { email: string; telephone: string }) => {
  const family = familyOf(parent);
  return { family_email: family.email, family_phone: family.phone };
};
