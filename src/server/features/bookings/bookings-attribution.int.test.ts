import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';

/** What a person's browser sends with every page: its user agent and the reader's languages. */
const PERSON = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'accept-language': 'en-GB,en;q=0.9',
};
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

/**
 * A booking is an enquiry with a time (decision 0071), so it carries the visitor's attribution
 * like any enquiry (issue 40, decision 0065): the landing page and source of the day's first
 * page, and the page it was sent from. A honeypot booking is not one.
 */
describe('where a booking came from', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      env: { ENQUIRY_RATE_LIMIT: '1000' },
      clock: movableClock(Date.parse('2026-11-30T10:00:00.000Z')).now,
    });
  });
  afterAll(() => subject.close());

  const view = (url: string, ip: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ url, remoteAddress: ip, headers: { ...PERSON, ...headers } });
  const book = (ip: string, payload: object) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: ip,
      headers: { ...PERSON, referer: 'https://www.example.test/free-assessment' },
      payload,
    });
  /** The times offered now, earliest first. */
  const offered = async () =>
    (await subject.app.inject({ url: '/api/bookings/times' }))
      .json<{ days: { times: { start: string }[] }[] }>()
      .days.flatMap((day) => day.times.map((time) => time.start));
  const attributionOfBooking = async (email: string) => {
    const { enquiry_id } = await subject.database.db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select('bookings.enquiry_id')
      .where('contact_submissions.email', '=', email)
      .executeTakeFirstOrThrow();
    return subject.database.db
      .selectFrom('analytics_attribution')
      .selectAll()
      .where('enquiry_id', '=', enquiry_id)
      .executeTakeFirst();
  };

  it('records the campaign the family landed from and the booking page, as a conversion', async () => {
    const ip = '203.0.113.41';
    expect((await view('/exam-resits?utm_source=facebook&utm_campaign=spring-gcse', ip)).statusCode).toBe(200);
    await view('/free-assessment', ip, { referer: 'https://www.example.test/exam-resits' });
    const [first] = await offered();
    const answer = await book(ip, parent('campaign@example.com', first!));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await attributionOfBooking('campaign@example.com')).toMatchObject({
      landing_path: '/exam-resits',
      sent_from: '/free-assessment',
      channel: 'campaign',
      source: 'facebook',
      campaign: 'spring-gcse',
      conversion: 'true',
    });
  });

  it('keeps nothing for a honeypot booking, which does not use up the family’s conversion', async () => {
    const ip = '203.0.113.42';
    await view('/?utm_source=newsletter', ip);
    const before = await subject.database.db.selectFrom('analytics_attribution').select('enquiry_id').execute();
    const [first, second] = await offered();
    const caught = await book(ip, { ...parent('bot@example.com', first!), website: 'http://spam.example' });
    expect(caught.statusCode).toBe(201);
    expect(await subject.database.db.selectFrom('analytics_attribution').select('enquiry_id').execute()).toEqual(
      before,
    );
    expect((await book(ip, parent('family@example.com', second!))).statusCode).toBe(201);
    expect(await attributionOfBooking('family@example.com')).toMatchObject({
      landing_path: '/',
      source: 'newsletter',
      conversion: 'true',
    });
  });
});
