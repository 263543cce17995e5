import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { type Database, openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { FamilyHasBookings, type NewBooking, PlaceTaken, insertBooking } from './repo';

const limits = { placesPerTime: 1, bufferMinutes: 15, dailyLimit: null };
type Trx = Parameters<Parameters<Database['writes']['run']>[0]>[0];
const enquiries = bookingEnquiries('https://northstar.test');

/**
 * PostgreSQL runs two bookings' transactions side by side, each reading the committed rows only:
 * two bookings at different starts that overlap meet no key. The bookings' advisory lock puts the
 * second behind the first, so it reads the first once committed (decision 0071). SQLite's
 * writers are in a row already (a second connection in this process would wait on the file).
 */
describe('two overlapping bookings written at once on PostgreSQL', () => {
  let subject: TestApp;
  let second: Database;
  beforeAll(async () => {
    subject = await createTestApp();
    second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await subject.close();
  });

  /** Writes a booking `startsAt`-`endsAt` with its enquiry in `trx` (its family's e-mail address `email`, capped at one). */
  const book = async (
    trx: Parameters<Parameters<Database['writes']['run']>[0]>[0],
    startsAt: string,
    endsAt: string,
    email = `${startsAt}@example.com`,
  ) => {
    const input = {
      firstName: 'Priya',
      lastName: 'Khan',
      telephone: '01632 960000',
      email,
      subjectTitle: 'GCSE Maths',
    };
    const { id } = await enquiries.insert(trx, input, '2026-11-30T10:00:00.000Z');
    const booking: NewBooking = {
      enquiryId: id,
      startsAt,
      endsAt,
      londonDate: startsAt.slice(0, 10),
      uid: `${startsAt}@northstar.test`,
      cancelTokenHash: `cancel ${startsAt}`,
      changeTokenHash: `change ${startsAt}`,
      createdAt: '2026-11-30T10:00:00.000Z',
      familyEmail: email.toLowerCase(),
      familyPhone: null,
    };
    return insertBooking(trx, booking, limits, { most: 1, liveAfter: '2026-11-30T10:00:00.000Z' });
  };

  /** The first booking's transaction held open by hand until the second waits for a lock (or has finished). */
  const race = async (first: (trx: Trx) => Promise<unknown>, then: (trx: Trx) => Promise<unknown>) => {
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWritten!: () => void;
    const firstHolds = new Promise<void>((resolve) => (firstWritten = resolve));
    const held = subject.database.db.transaction().execute(async (trx) => {
      await first(trx);
      firstWritten();
      await firstMayCommit;
    });
    await firstHolds;
    const outcome = second.db
      .transaction()
      .execute(then)
      .then(
        () => 'booked',
        (error: unknown) =>
          error instanceof PlaceTaken ? 'taken' : error instanceof FamilyHasBookings ? 'family' : Promise.reject(error),
      );
    let settled = false;
    void outcome.finally(() => (settled = true));
    for (;;) {
      const waiting = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks
        where not granted
          and pid in (select pid from pg_stat_activity where datname = current_database())`.execute(
        subject.database.db,
      );
      if (settled || waiting.rows[0]!.waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    releaseFirst();
    await held;
    return outcome;
  };

  it('the second waits for the first, then finds its time taken', async () => {
    // 17:30-18:00 overlaps 17:00-17:45, uncommitted in the first transaction.
    const outcome = await race(
      (trx) => book(trx, '2026-12-01T17:00:00.000Z', '2026-12-01T17:45:00.000Z'),
      (trx) => book(trx, '2026-12-01T17:30:00.000Z', '2026-12-01T18:00:00.000Z'),
    );
    expect(outcome).toBe('taken');
    expect(await subject.database.db.selectFrom('bookings').select('starts_at').execute()).toEqual([
      { starts_at: '2026-12-01T17:00:00.000Z' },
    ]);
  });

  it('one family at two times: the second waits for the first, then finds the family at its cap (issue 51)', async () => {
    // Two different times, no key shared: only the count after the lock can see the first.
    const outcome = await race(
      (trx) => book(trx, '2026-12-02T17:00:00.000Z', '2026-12-02T17:45:00.000Z', 'Same.Family@example.com'),
      (trx) => book(trx, '2026-12-03T17:00:00.000Z', '2026-12-03T17:45:00.000Z', 'same.family@example.com'),
    );
    expect(outcome).toBe('family');
    const rows = await subject.database.db
      .selectFrom('bookings')
      .select('starts_at')
      .where('family_email', '=', 'same.family@example.com')
      .execute();
    expect(rows).toEqual([{ starts_at: '2026-12-02T17:00:00.000Z' }]);
  });
});
