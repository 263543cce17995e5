import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { queuedToken } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import type { Database } from '../../db/connection';
import { createBookingsService } from './service';

/** Monday 30 November 2026, 10:00 (GMT: London and UTC agree). */
const now = Date.parse('2026-11-30T10:00:00.000Z');
const tuesday = (time: string) => `2026-12-01T${time}:00.000Z`;
/** Family `n`: its own e-mail address and phone number (a family holds one booking at a time, issue 51). */
const parent = (n: number, startsAt: string) => ({
  firstName: `Parent${n}`,
  lastName: 'Overlap',
  telephone: `01632 96${String(n).padStart(4, '0')}`,
  email: `overlap${n}@example.com`,
  subjectTitle: 'GCSE Maths',
  startsAt,
});

/** Half-hour assessments back to back: times at 16:00, 16:30, 17:00, … */
const halfHours = { lengthMinutes: 30, bufferMinutes: 0 };
/** The defaults: 45 minutes and 15 between, times at 16:00, 17:00, … */
const hourly = { lengthMinutes: 45, bufferMinutes: 15 };

/**
 * Places are keyed by a time's start; once staff change the length or the buffer, a booking made
 * before may start off the new times and still overlap them (decision 0071). It holds its place
 * at every time it overlaps, buffer included, in what is offered and in the writing transaction.
 */
describe('bookings made under other lengths and buffers', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const start = async () => {
    const clock = movableClock(now);
    // Mail set up (to a closed port: nothing is sent) so the confirmation, with its links, is queued.
    const env = {
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_EMAIL: 'office@northstar.test',
      MAIL_FROM: 'web@northstar.test',
    };
    const subject = await createTestApp({ clock: clock.now, env });
    cleanups.push(() => subject.close());
    /** The bookings of an instance whose settings have `changes`, on `database`. */
    const serviceWith = (changes: Partial<AssessmentSettings>, database: Database = subject.database) =>
      createBookingsService({
        database,
        config: subject.config,
        clock: clock.now,
        siteFacts: subject.features.siteFacts.current,
        settingsOf: async () => ({ ...assessmentSettingsOf(await subject.features.siteFacts.current()), ...changes }),
        enquiries: bookingEnquiries(subject.config.publicUrl),
      });
    return { subject, serviceWith };
  };
  /** A second connection to the test app's database, as another instance of the site has. */
  const secondDatabase = (subject: TestApp) => {
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    cleanups.push(() => database.close());
    return database;
  };
  const tuesdayTimes = async (service: ReturnType<Awaited<ReturnType<typeof start>>['serviceWith']>) =>
    (await service.offered()).days.find((day) => day.date === '2026-12-01')!.times.map((time) => time.time);

  it('a half-hour booking at 16:30 takes the new 16:00 and 17:00 (its end plus the break), and a booking of either is refused', async () => {
    const { subject, serviceWith } = await start();
    const before = serviceWith(halfHours);
    expect(await tuesdayTimes(before)).toEqual(expect.arrayContaining(['16:00', '16:30', '17:00']));
    expect((await before.book(parent(1, tuesday('16:30')))).kind).toBe('booked');

    const after = serviceWith(hourly);
    const offered = await tuesdayTimes(after);
    expect(offered).not.toContain('16:00');
    expect(offered).not.toContain('17:00');
    expect(offered).toContain('18:00');
    expect((await after.book(parent(2, tuesday('17:00')))).kind).toBe('taken');
    expect((await after.book(parent(3, tuesday('16:00')))).kind).toBe('taken');
    expect((await after.book(parent(4, tuesday('18:00')))).kind).toBe('booked');
    expect(await subject.database.db.selectFrom('bookings').select('starts_at').orderBy('starts_at').execute()).toEqual(
      [{ starts_at: tuesday('16:30') }, { starts_at: tuesday('18:00') }],
    );
  });

  it('twenty parents at once, half on each of two overlapping times from two instances with different settings: one booking', async () => {
    const { subject, serviceWith } = await start();
    // One instance still lays half-hours, the other the new hourly times (settings saved between
    // their reads): 17:00-17:45 and 17:30-18:00 overlap, at different starts, so no key meets.
    const services = [serviceWith(hourly), serviceWith(halfHours, secondDatabase(subject))];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        services[n % 2]!.book(parent(n, n % 2 === 0 ? tuesday('17:00') : tuesday('17:30'))),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'taken')).toHaveLength(19);
    expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toHaveLength(1);
    expect(await subject.database.db.selectFrom('contact_submissions').select('id').execute()).toHaveLength(1);
  });

  it('a change onto a time an older booking overlaps is refused, and the booking keeps its time', async () => {
    const { subject, serviceWith } = await start();
    expect((await serviceWith(halfHours).book(parent(1, tuesday('16:30')))).kind).toBe('booked');
    const after = serviceWith(hourly);
    expect((await after.book(parent(2, tuesday('18:00')))).kind).toBe('booked');
    const token = await queuedToken(subject, 'change', 'overlap2@example.com');
    expect((await after.change(token, tuesday('17:00'))).kind).toBe('taken');
    expect(await subject.database.db.selectFrom('bookings').select('starts_at').orderBy('starts_at').execute()).toEqual(
      [{ starts_at: tuesday('16:30') }, { starts_at: tuesday('18:00') }],
    );
  });
});
