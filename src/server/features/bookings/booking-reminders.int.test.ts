import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { queuedToken } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import { createBookingsService } from './service';

/** Monday 30 November, 10:00am (GMT: London and UTC agree). */
const monday = Date.parse('2026-11-30T10:00:00.000Z');
const wednesdayFive = '2026-12-02T17:00:00.000Z';
const tuesdayFour = '2026-12-01T16:00:00.000Z';
let families = 0;
/** Each booking another family's: its own phone number too (a family holds one booking at a time, issue 51). */
const parent = (email: string, startsAt: string) => ({
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: `01632 96${String(++families).padStart(4, '0')}`,
  email,
  subjectTitle: 'GCSE Maths',
  startsAt,
});

/** The reminder a day before (issue 41): queued once per booking, however many processes look. */
describe('the reminder 24 hours before', () => {
  const clock = movableClock(monday);
  let subject: TestApp;
  let close: () => Promise<void>;
  /** Two processes' services, each with its own connection to the one database. */
  let services: ReturnType<typeof createBookingsService>[];

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: { SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL: 'office@northstar.test', MAIL_FROM: 'web@northstar.test' },
    });
    const second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    close = async () => {
      await second.close();
      await subject.close();
    };
    services = [subject.database, second].map((database) =>
      createBookingsService({
        database,
        config: subject.config,
        clock: clock.now,
        siteFacts: subject.features.siteFacts.current,
        settingsOf: async () => assessmentSettingsOf(await subject.features.siteFacts.current()),
        enquiries: bookingEnquiries(subject.config.publicUrl),
      }),
    );
  });
  afterAll(() => close());

  const reminders = () =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'subject', 'body'])
      .where('kind', '=', 'booking-reminder')
      .execute();

  it('queues exactly one reminder a day ahead, when two processes look again and again at once', async () => {
    expect((await services[0]!.book(parent('early@example.com', wednesdayFive))).kind).toBe('booked');
    // Booked at 17:00 for tomorrow's 16:00, 23 hours ahead: its confirmation is fresh, so it gets no reminder.
    clock.set(Date.parse('2026-11-30T17:00:00.000Z'));
    expect((await services[0]!.book(parent('late@example.com', tuesdayFour))).kind).toBe('booked');

    expect(await services[0]!.sendDueReminders()).toBe(0);
    expect(await reminders()).toEqual([]);

    // Tuesday 17:30: Wednesday's 17:00 is 23.5 hours away.
    clock.set(Date.parse('2026-12-01T17:30:00.000Z'));
    const queued = await Promise.all([0, 1, 0, 1, 0, 1].map((n) => services[n]!.sendDueReminders()));
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
    const [reminder, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(reminder!.recipient).toBe('early@example.com');
    expect(reminder!.subject).toContain('Wednesday 2 December, 5:00pm (UK time)');
    expect(reminder!.body).not.toContain('Priya');
    // The default cut-off is 12 hours: the confirmation's links still act when the reminder comes.
    expect(reminder!.body).toContain(
      'the cancel link in your confirmation e-mail (it works until 12 hours before the assessment)',
    );

    // A process started afresh finds nothing more to send.
    const restarted = createBookingsService({
      database: subject.database,
      config: subject.config,
      clock: clock.now,
      siteFacts: subject.features.siteFacts.current,
      settingsOf: async () => assessmentSettingsOf(await subject.features.siteFacts.current()),
      enquiries: bookingEnquiries(subject.config.publicUrl),
    });
    expect(await restarted.sendDueReminders()).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it('sends none for a cancelled booking', async () => {
    clock.set(monday);
    const thursdayFive = '2026-12-03T17:00:00.000Z';
    expect((await services[0]!.book(parent('cancels@example.com', thursdayFive))).kind).toBe('booked');
    const token = await queuedToken(subject, 'cancel', 'cancels@example.com');
    expect((await services[1]!.cancel(token)).kind).toBe('cancelled');
    clock.set(Date.parse('2026-12-02T18:00:00.000Z'));
    await services[0]!.sendDueReminders();
    expect((await reminders()).map((mail) => mail.recipient)).not.toContain('cancels@example.com');
  });

  it('says to call, not to use the link, when the cut-off has passed by the time the reminder comes', async () => {
    clock.set(monday);
    const fridayFive = '2026-12-04T17:00:00.000Z';
    expect((await services[0]!.book(parent('cutoff@example.com', fridayFive))).kind).toBe('booked');
    const strict = createBookingsService({
      database: subject.database,
      config: subject.config,
      clock: clock.now,
      siteFacts: subject.features.siteFacts.current,
      settingsOf: async () => ({
        ...assessmentSettingsOf(await subject.features.siteFacts.current()),
        cutoffHours: 36,
      }),
      enquiries: bookingEnquiries(subject.config.publicUrl),
    });
    clock.set(Date.parse('2026-12-03T18:00:00.000Z'));
    expect(await strict.sendDueReminders()).toBe(1);
    const reminder = (await reminders()).find((mail) => mail.recipient === 'cutoff@example.com');
    const phone = (await subject.features.siteFacts.current()).details.phone;
    expect(reminder!.body).toContain(`If you can no longer come, please call ${phone}, so the time is free`);
    expect(reminder!.body).not.toContain('cancel link');
  });
});
