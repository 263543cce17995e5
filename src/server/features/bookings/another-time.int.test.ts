import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBooking } from '../../../shared/bookings/staff';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { joinAsStaff, type JoinedStaff, roleTokenHeaders } from '../../../../tests/support/staff';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday, 16:00 to 19:00. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const KEY = 'another-time-key-0123456789abcdef';
const key = { 'x-api-key': KEY };

/**
 * Issue 51: a family that missed its assessment gets one gentle "shall we find another time?"
 * mail, when staff choose, once however many screens ask.
 */
describe('offering another time after a missed assessment', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let jo: JoinedStaff;
  let number = 0;
  const ids = new Map<string, number>();

  const book = async (firstName: string, startsAt: string) => {
    number += 1;
    const answer = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        firstName,
        lastName: 'Reed',
        telephone: `01632 96${String(number).padStart(4, '0')}`,
        email: `${firstName.toLowerCase()}@example.com`,
        subjectTitle: 'GCSE Maths',
        startsAt,
      },
      remoteAddress: `198.51.100.${number}`,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const row = await subject.database.db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select('bookings.id')
      .where('contact_submissions.first_name', '=', firstName)
      .executeTakeFirstOrThrow();
    ids.set(firstName, row.id);
  };
  const offer = (firstName: string, headers: Record<string, string> = jo.headers) =>
    subject.app.inject({ method: 'POST', url: `/api/admin/bookings/${ids.get(firstName)}/another-time`, headers });
  const mark = (firstName: string, to: 'attended' | 'no-show') =>
    subject.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${ids.get(firstName)}/attendance`,
      headers: jo.headers,
      payload: { from: null, to },
    });
  const mailsTo = (email: string) =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['subject', 'body', 'submission_id'])
      .where('recipient', '=', email)
      .where('kind', '=', 'booking-rebook')
      .execute();

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        ADMIN_API_KEY: KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        PUBLIC_URL: 'https://www.example.test',
      },
    });
    await book('Tom', '2026-12-01T16:00:00.000Z');
    await book('Ava', '2026-12-01T17:00:00.000Z');
    // The evening after: both times have passed; the staff member's session starts now.
    clock.set(Date.parse('2026-12-01T20:00:00.000Z'));
    jo = await joinAsStaff(subject, key, {
      email: 'jo@centre.test',
      roles: ['enquiries'],
      name: 'Jo Bloggs',
      at: clock.now(),
    });
  });
  afterAll(() => subject.close());

  it('refuses until the booking is marked No-show, then sends one gentle mail however many ask at once', async () => {
    const early = await offer('Tom');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_NO_SHOW' });
    expect((await mark('Tom', 'no-show')).statusCode).toBe(200);

    const answers = await Promise.all(Array.from({ length: 20 }, () => offer('Tom')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json<{ error: string }>().error).toMatch(
      /^Jo Bloggs already offered another time \(.+\): nothing was sent\.$/,
    );
    const sent = answers.find((answer) => answer.statusCode === 200)!.json<StaffBooking>();
    expect(sent.attendance).toMatchObject({ mark: 'no-show', anotherTimeOffered: { by: 'Jo Bloggs' } });

    const mails = await mailsTo('tom@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Shall we find another time? - Northstar Tutors');
    expect(mails[0]!.body).toContain('Hello Tom,');
    expect(mails[0]!.body).toContain(
      'We were sorry to miss you at your free assessment on Tuesday 1 December, 4:00pm (UK time).',
    );
    expect(mails[0]!.body).toContain('https://www.example.test/free-assessment');
    const logged = await subject.database.db
      .selectFrom('access_log')
      .select(['actor_name', 'target_kind'])
      .where('action', '=', 'booking.another-time')
      .execute();
    expect(logged).toEqual([{ actor_name: 'Jo Bloggs', target_kind: 'enquiry' }]);
  });

  it('is not offered to a family that came, nor by an editor, nor for a booking that is not there', async () => {
    expect((await mark('Ava', 'attended')).statusCode).toBe(200);
    expect((await offer('Ava')).statusCode).toBe(409);
    expect(await mailsTo('ava@example.com')).toEqual([]);
    const editor = await roleTokenHeaders(subject, key, ['editor']);
    expect((await offer('Tom', editor)).statusCode).toBe(403);
    const missing = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/bookings/999999/another-time',
      headers: jo.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
