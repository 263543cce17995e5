import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { queuedToken } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const ADMIN_KEY = 'test-admin-key-0123456789abcdef';

const parent = {
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: '01632 960000',
  email: 'priya@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
};

describe('booking the free assessment', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let address = 0;
  const post = (url: string, payload: object) =>
    subject.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++address}` });
  const times = async () => (await subject.app.inject({ url: '/api/bookings/times' })).json<OfferedTimes>();
  /** The token in the parent's newest confirmation's link of that kind (the mail is the only place it is kept). */
  const tokenFromMail = (link: 'cancel' | 'change') => queuedToken(subject, link);

  beforeAll(async () => {
    // Mail on, no worker: what would be sent stays in the outbox for the test to read.
    subject = await createTestApp({
      clock: clock.now,
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        ADMIN_API_KEY: ADMIN_KEY,
      },
    });
  });
  afterAll(() => subject.close());

  it('offers times from tomorrow on the opening hours, each on London’s clock', async () => {
    const offered = await times();
    expect(offered.timeZone).toBe('Europe/London');
    expect(offered.days[0]!.date).toBe('2026-12-01');
    // The opening hours parents are shown: Mon-Fri 16:00-20:00, one 45-minute assessment and its break an hour.
    expect(offered.days[0]!.times.map((time) => time.time)).toEqual(['16:00', '17:00', '18:00', '19:00']);
    expect(offered.days[0]!.times[0]!.start).toBe('2026-12-01T16:00:00.000Z');
    // Sat & Sun 11:00-16:00: the last start still ends by the closing time.
    const sunday = offered.days.find((day) => day.weekDay === 'Sunday')!;
    expect(sunday.times.map((time) => time.time)).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00']);
  });

  it('books an offered time: 201 with the time, an enquiry in the inbox, and its places held', async () => {
    const answer = await post('/api/bookings', { ...parent, startsAt: '2026-12-01T16:00:00.000Z' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      startsAt: '2026-12-01T16:00:00.000Z',
      endsAt: '2026-12-01T16:45:00.000Z',
      date: '2026-12-01',
      time: '16:00',
    });
    const inbox = await subject.app.inject({
      url: '/api/contact-submissions?page=1',
      headers: { 'x-api-key': ADMIN_KEY },
    });
    expect(inbox.statusCode).toBe(200);
    const items = inbox.json<{ items: { email: string; submissionType: string; booking: unknown }[] }>().items;
    // The inbox shows it as an assessment request, with its time.
    expect(items).toContainEqual(
      expect.objectContaining({
        email: parent.email,
        submissionType: 'assessment',
        booking: { startsAt: '2026-12-01T16:00:00.000Z', endsAt: '2026-12-01T16:45:00.000Z', status: 'booked' },
      }),
    );
    const booking = await subject.database.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: 'booked', sequence: 0, london_date: '2026-12-01' });
    // Only hashes of the links are stored.
    const cancelToken = await tokenFromMail('cancel');
    expect(JSON.stringify(booking)).not.toContain(cancelToken);
    expect((await times()).days[0]!.times.map((time) => time.time)).not.toContain('16:00');
  });

  it('answers 409 with the one message and the nearest free times when the time is taken', async () => {
    const answer = await post('/api/bookings', {
      ...parent,
      email: 'tom@example.com',
      telephone: '01632 960001',
      startsAt: '2026-12-01T16:00:00.000Z',
    });
    expect(answer.statusCode).toBe(409);
    const body = answer.json<{ error: string; code: string; nearest: { start: string }[] }>();
    expect(body.error).toBe(timeTakenMessage);
    expect(body.code).toBe('TIME_TAKEN');
    expect(body.nearest.map((time) => time.start)).toEqual([
      '2026-12-01T17:00:00.000Z',
      '2026-12-01T18:00:00.000Z',
      '2026-12-01T19:00:00.000Z',
    ]);
    // Nothing of the refused booking was kept.
    const enquiries = await subject.database.db.selectFrom('contact_submissions').select('email').execute();
    expect(enquiries.map((row) => row.email)).not.toContain('tom@example.com');
  });

  it('refuses a time the rules do not offer with 400 naming the field', async () => {
    for (const startsAt of [
      '2026-12-01T16:30:00.000Z', // not on the step
      '2026-11-30T17:00:00.000Z', // today: the notice is from the next day
      '2026-12-02T10:00:00.000Z', // a weekday in school hours, before opening
      '2027-02-01T17:00:00.000Z', // past the four weeks
    ]) {
      const answer = await post('/api/bookings', { ...parent, startsAt });
      expect(answer.statusCode, startsAt).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'startsAt' });
    }
    const malformed = await post('/api/bookings', { ...parent, startsAt: 'tomorrow' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'startsAt' });
    const noName = await post('/api/bookings', { ...parent, firstName: '', startsAt: '2026-12-01T17:00:00.000Z' });
    expect(noName.json()).toMatchObject({ error: 'First name is required', field: 'firstName' });
  });

  it('drops a booking whose honeypot is filled in: 201, nothing stored, the time still free', async () => {
    const before = await subject.database.db.selectFrom('bookings').select('id').execute();
    const answer = await post('/api/bookings', { ...parent, website: 'spam', startsAt: '2026-12-01T17:00:00.000Z' });
    expect(answer.statusCode).toBe(201);
    expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toHaveLength(before.length);
    expect((await times()).days[0]!.times.map((time) => time.time)).toContain('17:00');
  });

  it('cancels with the cancel link only, frees the place, and refuses the link again', async () => {
    const cancelToken = await tokenFromMail('cancel');
    const changeToken = await tokenFromMail('change');

    const wrong = await post('/api/bookings/cancel', { token: 'not-a-token' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toMatch(/cancel link is not recognised/);
    // Single-purpose: the change link cannot cancel.
    expect((await post('/api/bookings/cancel', { token: changeToken })).statusCode).toBe(404);

    const cancelled = await post('/api/bookings/cancel', { token: cancelToken });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ startsAt: '2026-12-01T16:00:00.000Z', status: 'cancelled' });
    const booking = await subject.database.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: 'cancelled', sequence: 1 });
    expect(await subject.database.db.selectFrom('booking_places').selectAll().execute()).toEqual([]);
    expect((await times()).days[0]!.times.map((time) => time.time)).toContain('16:00');

    const again = await post('/api/bookings/cancel', { token: cancelToken });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_CANCELLED',
      error: 'This assessment has already been cancelled.',
    });

    // The freed time can be booked again.
    expect((await post('/api/bookings', { ...parent, startsAt: '2026-12-01T16:00:00.000Z' })).statusCode).toBe(201);
  });

  it('moves with the change link only, to a free offered time, freeing the old one', async () => {
    const cancelToken = await tokenFromMail('cancel');
    const changeToken = await tokenFromMail('change');
    const change = (token: string, startsAt: string) => post('/api/bookings/change', { token, startsAt });

    // Single-purpose: the cancel link cannot change.
    const wrong = await change(cancelToken, '2026-12-01T17:00:00.000Z');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toMatch(/change link is not recognised/);
    expect((await change(changeToken, '2026-12-01T17:30:00.000Z')).statusCode).toBe(400);

    const moved = await change(changeToken, '2026-12-01T17:00:00.000Z');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startsAt: '2026-12-01T17:00:00.000Z', time: '17:00' });
    const booking = await subject.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('status', '=', 'booked')
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ starts_at: '2026-12-01T17:00:00.000Z', sequence: 1 });
    const held = await subject.database.db.selectFrom('booking_places').select('starts_at').execute();
    expect(held.map((row) => row.starts_at)).toEqual(['2026-12-01T17:00:00.000Z']);
    const kinds = await subject.database.db.selectFrom('email_outbox').select('kind').execute();
    expect(kinds.map((row) => row.kind)).toEqual(expect.arrayContaining(['booking-update', 'booking-notice']));

    // Held to the same places: a time another parent (another family) holds is refused with the nearest free ones.
    const amy = { ...parent, email: 'amy@example.com', telephone: '01632 960002' };
    expect((await post('/api/bookings', { ...amy, startsAt: '2026-12-01T18:00:00.000Z' })).statusCode).toBe(201);
    const taken = await change(changeToken, '2026-12-01T18:00:00.000Z');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: timeTakenMessage, code: 'TIME_TAKEN' });
  });

  it('kills both links once the time has passed', async () => {
    const token = (link: 'cancel' | 'change') => queuedToken(subject, link, parent.email);
    // The booking moved to 10:00; at 10:00 it has begun.
    clock.set(Date.parse('2026-12-01T17:00:00.000Z'));
    const late = await post('/api/bookings/cancel', { token: await token('cancel') });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'LINK_EXPIRED' });
    const lateChange = await post('/api/bookings/change', {
      token: await token('change'),
      startsAt: '2026-12-02T17:00:00.000Z',
    });
    expect(lateChange.statusCode).toBe(410);
    expect(lateChange.json()).toMatchObject({ code: 'LINK_EXPIRED' });
    clock.set(start);
  });
});

describe('a booking among the enquiries', () => {
  it('goes with its enquiry when the enquiry is deleted, freeing its place', async () => {
    const clock = movableClock(start);
    const subject = await createTestApp({ clock: clock.now });
    try {
      const booked = await subject.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { ...parent, startsAt: '2026-12-02T17:00:00.000Z' },
        remoteAddress: '198.51.100.50',
      });
      expect(booked.statusCode).toBe(201);
      const { id } = await subject.database.db.selectFrom('contact_submissions').select('id').executeTakeFirstOrThrow();
      // As the Bin's emptying and the retention run delete it.
      await subject.database.db.deleteFrom('contact_submissions').where('id', '=', id).execute();
      expect(await subject.database.db.selectFrom('bookings').select('id').execute()).toEqual([]);
      expect(await subject.database.db.selectFrom('booking_places').select('place').execute()).toEqual([]);
      expect(await subject.database.db.selectFrom('booking_day_places').select('place').execute()).toEqual([]);
    } finally {
      await subject.close();
    }
  });

  it('counts against the enquiry forms’ limit per address', async () => {
    const subject = await createTestApp({ clock: movableClock(start).now, env: { ENQUIRY_RATE_LIMIT: '2' } });
    try {
      const from = { remoteAddress: '198.51.100.60' };
      const enquiry = await subject.app.inject({
        method: 'POST',
        url: '/api/assessments',
        payload: { ...parent },
        ...from,
      });
      expect(enquiry.statusCode).toBe(201);
      const book = (startsAt: string) =>
        subject.app.inject({ method: 'POST', url: '/api/bookings', payload: { ...parent, startsAt }, ...from });
      expect((await book('2026-12-02T17:00:00.000Z')).statusCode).toBe(201);
      const refused = await book('2026-12-02T18:00:00.000Z');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await subject.close();
    }
  });
});
