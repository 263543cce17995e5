import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { claimTokens as claimTokensOf } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { type Database, openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { bookingRules } from './rules';
import { createWaitingList } from './waiting-list';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const KEY = 'waiting-list-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const TUESDAY = '2026-12-01';

/**
 * Issue 51: a family finding no free time in the days it can come joins the waiting list with its
 * details once; each time a time comes free in those days the families waiting are told once, in
 * the order they joined, however many processes look; the list ends after its days.
 */
describe('the waiting list', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let second: Database;
  let processes: ReturnType<typeof createWaitingList>[];
  let number = 0;

  const family = (firstName: string) => {
    number += 1;
    return {
      firstName,
      lastName: 'Shah',
      telephone: `01632 97${String(number).padStart(4, '0')}`,
      email: `${firstName.toLowerCase()}@example.com`,
      subjectTitle: 'GCSE Maths',
    };
  };
  const post = (url: string, payload: object, from = `198.51.100.${(number % 200) + 1}`) =>
    subject.app.inject({ method: 'POST', url, payload, remoteAddress: from });
  const join = (firstName: string, from = TUESDAY, to = TUESDAY) =>
    post('/api/bookings/waiting-list', { ...family(firstName), from, to });
  const tuesdayTimes = async () =>
    (await subject.app.inject({ url: '/api/bookings/times' }))
      .json<OfferedTimes>()
      .days.find((day) => day.date === TUESDAY)?.times ?? [];
  const offers = () =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'subject', 'body', 'secrets'])
      .where('kind', '=', 'waiting-list')
      .where('subject', 'like', 'A free assessment time%')
      .orderBy('id')
      .execute();
  const claimTokens = () => claimTokensOf(subject, clock.now);
  /** Both processes look at once, five times each. */
  const race = async () =>
    (await Promise.all(Array.from({ length: 10 }, (_, n) => processes[n % 2]!.offerFreedTimes()))).reduce(
      (a, b) => a + b,
      0,
    );

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        ADMIN_API_KEY: KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        ENQUIRY_RATE_LIMIT: '1000',
      },
    });
    second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    const siteFacts = subject.features.siteFacts.current;
    const settingsOf = async () => assessmentSettingsOf(await siteFacts());
    processes = [subject.database, second].map((database) =>
      createWaitingList({
        database,
        config: subject.config,
        clock: clock.now,
        siteFacts,
        settingsOf,
        rules: bookingRules({ database, clock: clock.now, siteFacts, settingsOf }),
        enquiries: bookingEnquiries(subject.config.publicUrl),
        secretBox: createSecretBox(subject.config.secretsKeyFile),
        onQueued: () => {},
      }),
    );
    // Tuesday is full.
    for (const [index, time] of (await tuesdayTimes()).entries()) {
      const booked = await post('/api/bookings', { ...family(`Full${index}`), startsAt: time.start });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    expect(await tuesdayTimes()).toEqual([]);
  });
  afterAll(async () => {
    await second.close();
    await subject.close();
  });

  it('refuses days with free times, days outside the window, and bad input, naming the field', async () => {
    const free = await join('Early', '2026-12-02', '2026-12-03');
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ code: 'TIMES_FREE', days: [{ date: '2026-12-02' }, { date: '2026-12-03' }] });
    const past = await join('Late', '2026-11-20', TUESDAY);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'from' });
    const far = await join('Far', TUESDAY, '2027-06-01');
    expect(far.json()).toMatchObject({ field: 'to', error: expect.stringMatching(/^Choose days from today to .+/) });
    for (const [payload, field] of [
      [{ ...family('Odd'), from: '2026-12-02', to: TUESDAY }, 'to'],
      [{ ...family('Odd'), from: '2026-02-30', to: TUESDAY }, 'from'],
      [{ ...family('Odd'), from: TUESDAY, to: TUESDAY, email: 'not-an-address' }, 'email'],
      [{ ...family('Odd'), from: TUESDAY }, 'to'],
    ] as const) {
      const refused = await post('/api/bookings/waiting-list', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ field });
    }
    expect(await subject.database.db.selectFrom('booking_waitlist').selectAll().execute()).toEqual([]);
  });

  it('takes the details once, tells the office and the parent, and tells each waiting family once per freeing, in order', async () => {
    for (const name of ['Ada', 'Ben', 'Cat']) {
      const joined = await join(name);
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toEqual({
        message:
          'You are on the waiting list for Tuesday 1 December. We will e-mail you as soon as a time comes free: the first family to book it gets it.',
      });
    }
    const enquiry = await subject.database.db
      .selectFrom('contact_submissions')
      .select(['stage', 'notes', 'submission_type'])
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(enquiry).toEqual({
      stage: 'new',
      notes: 'On the waiting list for Tuesday 1 December.',
      submission_type: 'assessment',
    });
    // Nothing free yet: nobody is told.
    expect(await race()).toBe(0);

    // Staff cancel one of Tuesday's bookings: each waiting family is told once, in the order they joined.
    const [first] = await subject.database.db.selectFrom('bookings').select('id').orderBy('id').execute();
    expect(
      (await subject.app.inject({ method: 'POST', url: `/api/admin/bookings/${first!.id}/cancel`, headers: key }))
        .statusCode,
    ).toBe(200);
    expect(await race()).toBe(3);
    expect(await race()).toBe(0);
    const told = await offers();
    expect(told.map((mail) => mail.recipient)).toEqual(['ada@example.com', 'ben@example.com', 'cat@example.com']);
    // The claim link's token is sealed beside the text, never in it (decision 0071).
    expect(told[0]!.body).toContain('/free-assessment/waiting?token=[[secret:claim]]');
    expect(told[0]!.secrets).not.toBeNull();

    // Someone else books the freed time: the day is full again; the next freeing tells them again.
    const freed = await tuesdayTimes();
    expect((await post('/api/bookings', { ...family('Quick'), startsAt: freed[0]!.start })).statusCode).toBe(201);
    expect(await race()).toBe(0);
    const [next] = await subject.database.db
      .selectFrom('bookings')
      .select('id')
      .where('status', '=', 'booked')
      .orderBy('id')
      .execute();
    expect(
      (await subject.app.inject({ method: 'POST', url: `/api/admin/bookings/${next!.id}/cancel`, headers: key }))
        .statusCode,
    ).toBe(200);
    expect(await race()).toBe(3);
    expect(await offers()).toHaveLength(6);
  });

  it('books a time for the first family to claim it, with its details given once; fifty racing give one booking', async () => {
    // Tuesday is full again; fifty more families wait for it, then a time comes free.
    for (const time of await tuesdayTimes())
      expect((await post('/api/bookings', { ...family('Fill'), startsAt: time.start })).statusCode).toBe(201);
    expect(await race()).toBe(0);
    for (let n = 0; n < 50; n++) expect((await join(`Wait${n}`)).statusCode).toBe(201);
    const [standing] = await subject.database.db
      .selectFrom('bookings')
      .select(['id', 'starts_at'])
      .where('status', '=', 'booked')
      .where('london_date', '=', TUESDAY)
      .orderBy('id')
      .execute();
    expect(
      (await subject.app.inject({ method: 'POST', url: `/api/admin/bookings/${standing!.id}/cancel`, headers: key }))
        .statusCode,
    ).toBe(200);
    // Ada, Ben and Cat are told again too: Tuesday was full since they were last told.
    expect(await race()).toBe(53);
    const tokens = await claimTokens();
    expect(tokens.size).toBe(53);
    const freed = standing!.starts_at;

    // A link that is not one, and a time outside the family's days, are refused and book nothing.
    const unknown = await post('/api/bookings/waiting-list/claim', { token: 'x'.repeat(43), startsAt: freed });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = (await subject.app.inject({ url: '/api/bookings/times' }))
      .json<OfferedTimes>()
      .days.find((day) => day.date !== TUESDAY)!.times[0]!.start;
    const outside = await post('/api/bookings/waiting-list/claim', {
      token: tokens.get('wait0@example.com'),
      startsAt: elsewhere,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ field: 'startsAt' });

    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        post('/api/bookings/waiting-list/claim', { token: tokens.get(`wait${n}@example.com`), startsAt: freed }),
      ),
    );
    expect(claims.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const lost = claims.filter((answer) => answer.statusCode === 409);
    expect(lost).toHaveLength(49);
    expect(lost[0]!.json()).toMatchObject({ code: 'TIME_TAKEN' });
    const onTuesday = await subject.database.db
      .selectFrom('bookings')
      .select('enquiry_id')
      .where('status', '=', 'booked')
      .where('starts_at', '=', freed)
      .execute();
    expect(onTuesday).toHaveLength(1);
    // The winner's own enquiry holds the time, now Assessment booked; its place on the list has ended.
    const winner = await subject.database.db
      .selectFrom('contact_submissions')
      .innerJoin('booking_waitlist', 'booking_waitlist.enquiry_id', 'contact_submissions.id')
      .select([
        'contact_submissions.id',
        'contact_submissions.email',
        'contact_submissions.stage',
        'booking_waitlist.status',
      ])
      .where('contact_submissions.id', '=', onTuesday[0]!.enquiry_id)
      .executeTakeFirstOrThrow();
    expect(winner).toMatchObject({ stage: 'booked', status: 'booked' });
    const confirmation = await subject.database.db
      .selectFrom('email_outbox')
      .select('kind')
      .where('recipient', '=', winner.email)
      .where('kind', '=', 'booking-confirmation')
      .execute();
    expect(confirmation).toHaveLength(1);
    // The same link again: its place has ended.
    const again = await post('/api/bookings/waiting-list/claim', { token: tokens.get(winner.email), startsAt: freed });
    expect(again.statusCode).toBe(404);
  });

  it('ends a family’s place once its days have passed, and tells it nothing more', async () => {
    clock.set(Date.parse('2026-12-02T09:00:00.000Z'));
    expect(await race()).toBe(0);
    const left = await subject.database.db
      .selectFrom('booking_waitlist')
      .select(['status', 'claim_token_hash'])
      .execute();
    expect(left.filter((row) => row.status === 'ended')).toHaveLength(52);
    expect(left.filter((row) => row.status === 'booked')).toHaveLength(1);
    expect(left.every((row) => row.claim_token_hash === null)).toBe(true);
  });

  it('goes with its enquiry: erasing the family erases its place', async () => {
    const [row] = await subject.database.db.selectFrom('booking_waitlist').select('enquiry_id').execute();
    expect(
      (await subject.app.inject({ method: 'DELETE', url: `/api/contact-submissions/${row!.enquiry_id}`, headers: key }))
        .statusCode,
    ).toBe(204);
    expect(
      (await subject.app.inject({ method: 'DELETE', url: `/api/admin/bin/enquiry/${row!.enquiry_id}`, headers: key }))
        .statusCode,
    ).toBe(204);
    const places = await subject.database.db
      .selectFrom('booking_waitlist')
      .select('id')
      .where('enquiry_id', '=', row!.enquiry_id)
      .execute();
    expect(places).toEqual([]);
  });
});
