import { afterEach, describe, expect, it } from 'vitest';
import { type OfferedTimes, timeTakenMessage } from '../../../shared/bookings/bookings';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import { createBookingsService } from './service';

const now = Date.parse('2026-11-30T10:00:00.000Z');
const time = '2026-12-01T17:00:00.000Z';
/** Twenty families: each its own e-mail address and phone number (one family holds one booking, issue 51). */
const parent = (n: number) => ({
  firstName: `Parent${n}`,
  lastName: 'Race',
  telephone: `01632 96${String(n).padStart(4, '0')}`,
  email: `parent${n}@example.com`,
  subjectTitle: 'GCSE Maths',
  startsAt: time,
});

/**
 * Never a double booking (issue 41): twenty parents book one time at once, across two app
 * instances, each with its own connection to the one database (so the race is the database's to
 * settle, not only one process's group commit), and the places hold.
 */
describe('twenty parents booking one time at once', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A second connection to the test app's database, as another instance of the site has. */
  const secondDatabase = (subject: TestApp) => {
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    cleanups.push(() => database.close());
    return database;
  };
  const placesHeld = async (subject: TestApp) =>
    subject.database.db.selectFrom('booking_places').selectAll().where('starts_at', '=', time).execute();

  it('with one place: exactly one 201 and nineteen 409s with the message, over HTTP', async () => {
    const clock = movableClock(now);
    const subject = await createTestApp({ clock: clock.now });
    cleanups.push(() => subject.close());
    const other = await buildApp({ config: subject.config, database: secondDatabase(subject), clock: clock.now });
    cleanups.push(() => other.close());
    await other.ready();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 === 0 ? subject.app : other).inject({
          method: 'POST',
          url: '/api/bookings',
          payload: parent(n),
          remoteAddress: `198.51.100.${n + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: timeTakenMessage, code: 'TIME_TAKEN' });
      expect(refused.json<{ nearest: { start: string }[] }>().nearest.map((free) => free.start)).not.toContain(time);
    }
    expect(await placesHeld(subject)).toHaveLength(1);
    // Only the winner's enquiry was kept: the others rolled back whole.
    expect(await subject.database.db.selectFrom('contact_submissions').select('id').execute()).toHaveLength(1);
    expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toHaveLength(1);
  });

  it('with two places: exactly two bookings, each holding its own place', async () => {
    const clock = movableClock(now);
    const subject = await createTestApp({ clock: clock.now });
    cleanups.push(() => subject.close());
    const services = [subject.database, secondDatabase(subject)].map((database) =>
      createBookingsService({
        database,
        config: subject.config,
        clock: clock.now,
        siteFacts: subject.features.siteFacts.current,
        settingsOf: async () => ({
          ...assessmentSettingsOf(await subject.features.siteFacts.current()),
          placesPerTime: 2,
        }),
        enquiries: bookingEnquiries(subject.config.publicUrl),
      }),
    );
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, n) => services[n % 2]!.book(parent(n))));
    const kinds = outcomes.map((outcome) => outcome.kind).sort();
    expect(kinds).toEqual(['booked', 'booked', ...Array<string>(18).fill('taken')]);
    expect((await placesHeld(subject)).map((row) => row.place).sort()).toEqual([1, 2]);
    expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toHaveLength(2);
  });

  it('one family twenty times at once, each at another time: exactly one 201, nineteen 409s (issue 51)', async () => {
    const clock = movableClock(now);
    const subject = await createTestApp({ clock: clock.now });
    cleanups.push(() => subject.close());
    const other = await buildApp({ config: subject.config, database: secondDatabase(subject), clock: clock.now });
    cleanups.push(() => other.close());
    await other.ready();
    const offered = (await subject.app.inject({ url: '/api/bookings/times' })).json<OfferedTimes>();
    const starts = offered.days.flatMap((day) => day.times.map((free) => free.start)).slice(0, 20);
    expect(starts).toHaveLength(20);

    // One address written twenty ways (case, a +tag), a phone of its own each time: the e-mail alone is the family.
    const answers = await Promise.all(
      starts.map((startsAt, n) =>
        (n % 2 === 0 ? subject.app : other).inject({
          method: 'POST',
          url: '/api/bookings',
          payload: {
            ...parent(n),
            email: n % 3 === 0 ? 'Same.Family@Example.com' : `same.family+${n}@example.com`,
            startsAt,
          },
          remoteAddress: `198.51.100.${n + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toEqual({
        error:
          'You already have a free assessment booked. To change it, use the link in its confirmation e-mail, or call us on 01632 960123.',
        code: 'ALREADY_BOOKED',
      });
    }
    expect(await subject.database.db.selectFrom('bookings').select('family_email').execute()).toEqual([
      { family_email: 'same.family@example.com' },
    ]);
    // The refused ones' enquiries rolled back with them.
    expect(await subject.database.db.selectFrom('contact_submissions').select('id').execute()).toHaveLength(1);
  });

  it('with a daily limit of one: one booking that day, whichever times were asked for', async () => {
    const clock = movableClock(now);
    const subject = await createTestApp({ clock: clock.now });
    cleanups.push(() => subject.close());
    const services = [subject.database, secondDatabase(subject)].map((database) =>
      createBookingsService({
        database,
        config: subject.config,
        clock: clock.now,
        siteFacts: subject.features.siteFacts.current,
        settingsOf: async () => ({
          ...assessmentSettingsOf(await subject.features.siteFacts.current()),
          dailyLimit: 1,
        }),
        enquiries: bookingEnquiries(subject.config.publicUrl),
      }),
    );
    const hours = ['09', '10', '11', '12', '13', '14', '15', '16'];
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        services[n % 2]!.book({ ...parent(n), startsAt: `2026-12-01T${hours[n % 8]}:00:00.000Z` }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(1);
    expect(await subject.database.db.selectFrom('booking_day_places').selectAll().execute()).toHaveLength(1);
  });
});
