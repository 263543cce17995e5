import { afterEach, describe, expect, it } from 'vitest';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import { openDatabase } from '../../db/connection';
import type { Database } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { bookingRules } from './rules';
import { createBookingsService } from './service';
import { createStaffBookings } from './staff-service';

const now = Date.parse('2026-11-30T10:00:00.000Z');
const time = '2026-12-01T17:00:00.000Z';
const parent = (n: number, startsAt = time) => ({
  firstName: `Parent${n}`,
  lastName: 'Race',
  telephone: '01632 960000',
  email: `parent${n}@example.com`,
  subjectTitle: 'GCSE Maths',
  startsAt,
});
const staffMember = { accountId: null, name: 'Office' };

/** A block racing bookings, and a move inside a full day: settled by the database, on both engines (decision 0073). */
describe('staff blocking and moving while parents book', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Who moves: the admin key, as the routes name it. */
  const OWNER = { accountId: null, name: 'Admin key' };

  /** The parents' and the staff's services over one connection, as one instance of the site has. */
  const instance = (subject: TestApp, database: Database, settings: Partial<AssessmentSettings> = {}) => {
    const clock = movableClock(now).now;
    const siteFacts = subject.features.siteFacts.current;
    const settingsOf = async () => ({ ...assessmentSettingsOf(await siteFacts()), ...settings });
    const deps = { database, config: subject.config, clock, siteFacts, settingsOf };
    return {
      parents: createBookingsService({ ...deps, enquiries: bookingEnquiries(subject.config.publicUrl) }),
      staff: createStaffBookings({
        ...deps,
        rules: bookingRules(deps),
        adminLink: (id) => `${subject.config.publicUrl}/admin#enquiry-${id}`,
        onQueued: () => {},
      }),
    };
  };
  const twoInstances = async (settings: Partial<AssessmentSettings> = {}) => {
    const subject = await createTestApp({ clock: movableClock(now).now });
    cleanups.push(() => subject.close());
    const second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    cleanups.push(() => second.close());
    return { subject, instances: [instance(subject, subject.database, settings), instance(subject, second, settings)] };
  };

  it('a block racing twenty bookings of its time: never a booking beside the block it lost to', async () => {
    const { subject, instances } = await twoInstances();
    const [blocked, ...outcomes] = await Promise.all([
      instances[0]!.staff.block(time, staffMember),
      ...Array.from({ length: 20 }, (_, n) => instances[n % 2]!.parents.book(parent(n))),
    ]);
    const booked = outcomes.filter((outcome) => 'kind' in outcome && outcome.kind === 'booked');
    expect(booked.length).toBeLessThanOrEqual(1);
    // Whoever won, the block says so: a booking that held its place first stays, and no other.
    expect(blocked!.bookingsKept).toBe(booked.length);
    const places = await subject.database.db
      .selectFrom('booking_places')
      .selectAll()
      .where('starts_at', '=', time)
      .execute();
    expect(places.filter((row) => row.booking_id !== null)).toHaveLength(booked.length);
    expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toHaveLength(booked.length);
    // And after it, nobody books it.
    expect((await instances[1]!.parents.book(parent(99))).kind).toBe('taken');
  });

  it('moves within a day whose daily limit is reached, which the booking itself reaches', async () => {
    const { instances } = await twoInstances({ dailyLimit: 1 });
    const first = await instances[0]!.parents.book(parent(1));
    expect(first.kind).toBe('booked');
    const { bookings } = (await instances[0]!.staff.view('2026-12-01', 'day')).days[0]!;
    const moved = await instances[0]!.staff.move(bookings[0]!.id, '2026-12-01T18:00:00.000Z', OWNER);
    expect(moved).toMatchObject({ kind: 'moved', changed: true, booking: { time: '18:00' } });
    // The day is still full for anyone else.
    expect((await instances[1]!.parents.book(parent(2, '2026-12-01T19:00:00.000Z'))).kind).toBe('taken');
  });
});
