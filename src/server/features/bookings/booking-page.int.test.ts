import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday 16:00. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const first = '2026-12-01T16:00:00.000Z';

const details = {
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: '01632 960000',
  email: 'priya.noscript@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
  notes: '',
  website: '',
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** The "Book a time" part of a page as drawn: its island's props, which repeat its notice, left out. */
const bookingPartOf = (html: string) =>
  (/<section id="book-a-time".*?<\/section>/s.exec(html)?.[0] ?? '').replace(/<script\b.*?<\/script>/gs, '');

/**
 * The booking on /free-assessment as a browser without script makes it (decision 0072): plain
 * links for the day and the time, the details form posted to its page.
 */
describe('booking on /free-assessment without script', () => {
  let subject: TestApp;
  let address = 0;
  const post = (payload: string, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'POST',
      url: '/free-assessment',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
      remoteAddress: `198.51.100.${++address}`,
    });
  const page = (url: string) => subject.app.inject({ url });
  const bookings = () => subject.database.db.selectFrom('bookings').selectAll().execute();

  beforeAll(async () => {
    subject = await createTestApp({
      clock: movableClock(start).now,
      // The page cache on, as in production: the booking's pages must never come from it.
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        PAGE_CACHE_MS: '60000',
      },
    });
  });
  afterAll(() => subject.close());

  it('offers the days, a day’s times and a time’s details form as plain links, in UK time', async () => {
    const days = await page('/free-assessment');
    expect(days.statusCode).toBe(200);
    expect(days.body).toContain('href="/free-assessment?day=2026-12-01#book-a-time"');
    expect(days.body).toContain('Tuesday 1 December');
    const times = await page('/free-assessment?day=2026-12-01');
    expect(times.body).toContain('href="/free-assessment?day=2026-12-01&amp;time=16:00#book-a-time"');
    expect(times.body).toMatch(/4:00pm/);
    const detailsForm = await page('/free-assessment?day=2026-12-01&time=16:00');
    expect(detailsForm.body).toContain(`name="startsAt" value="${first}"`);
    expect(detailsForm.body).toMatch(/Your details for (<!-- -->)?Tuesday 1 December, 4:00pm/);
  });

  it('books: 303 to the answer, which names the time and no one, and the time is no longer offered', async () => {
    const answer = await post(form({ ...details, startsAt: first }));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/free-assessment?booked=${first}#book-a-time`);
    expect((await bookings()).map((booking) => booking.starts_at)).toContain(first);
    const booked = await page(`/free-assessment?booked=${first}`);
    expect(booked.body).toMatch(/booked for (<!-- -->)?Tuesday 1 December, 4:00pm/);
    expect(booked.body).toContain('A confirmation e-mail is on its way');
    const times = await page('/free-assessment?day=2026-12-01');
    expect(times.body).not.toContain('time=16:00#');
    expect(times.body).toContain('time=17:00#');
  });

  it('a time just taken: 409, the message and the nearest free times as links', async () => {
    const answer = await post(
      form({ ...details, email: 'second@example.com', telephone: '01632 960001', startsAt: first }),
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain(timeTakenMessage);
    expect(answer.body).toContain('href="/free-assessment?day=2026-12-01&amp;time=17:00#book-a-time"');
  });

  it('missing fields: 400 with every field’s message and the values kept, nothing booked', async () => {
    const before = (await bookings()).length;
    const answer = await post(
      form({ startsAt: '2026-12-01T17:00:00.000Z', firstName: 'Ann', email: 'not-an-address' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Last name is required');
    expect(answer.body).toContain('Telephone number is required');
    expect(answer.body).toContain('value="Ann"');
    expect(answer.body).toContain('aria-invalid="true"');
    // Still the details form of the time asked for.
    expect(answer.body).toContain('name="startsAt" value="2026-12-01T17:00:00.000Z"');
    expect((await bookings()).length).toBe(before);
  });

  it.each([
    ['a hostile time', { startsAt: '<script>alert(1)</script>' }],
    ['no time at all', { startsAt: '' }],
    ['a time not offered', { startsAt: '2026-12-01T03:00:00.000Z' }],
    ['a date that is not one', { startsAt: '2026-02-31T16:00:00.000Z' }],
    ['a time in the past', { startsAt: '2026-11-01T16:00:00.000Z' }],
  ])('%s: 400 with the message, never 500', async (_label, fields) => {
    const answer = await post(form({ ...details, ...fields }));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/Please choose (a time|one of the times shown)/);
    expect(answer.body).not.toContain('<script>alert(1)</script>');
  });

  it('__proto__ and constructor fields are only fields: 400 with the fields’ messages', async () => {
    const answer = await post('startsAt=2026-12-01T18%3A00%3A00.000Z&__proto__=x&constructor=y&__proto__%5Bx%5D=1');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('First name is required');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a field given twice, another site’s post, a JSON body: refused with the page, never 500', async () => {
    expect(
      (await post(`${form({ ...details, startsAt: first })}&startsAt=${encodeURIComponent(first)}`)).statusCode,
    ).toBe(400);
    const crossSite = await post(form({ ...details, startsAt: '2026-12-01T18:00:00.000Z' }), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).not.toContain('priya.noscript@example.com');
    const json = await post(JSON.stringify({ ...details, startsAt: first }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
  });

  it('the honeypot filled: answered as booked, nothing held', async () => {
    const before = (await bookings()).length;
    const answer = await post(
      form({ ...details, website: 'https://spam.example', startsAt: '2026-12-01T18:00:00.000Z' }),
    );
    expect(answer.statusCode).toBe(303);
    expect((await bookings()).length).toBe(before);
  });

  it.each([
    ['day=2026-02-31', 'We could not read the day or time'],
    ['day=abc', 'We could not read the day or time'],
    ['day=x&time=y', 'We could not read the day or time'],
    ['day=%3Cscript%3E', 'We could not read the day or time'],
    ['day=2026-12-01&time=99:99', 'We could not read the day or time'],
    ['booked=%3Cscript%3E', 'We could not read the day or time'],
    ['booked=nope', 'We could not read the day or time'],
    ['day=2020-01-01', 'There are no free times left on Wednesday 1 January'],
    ['day=2027-06-01', 'There are no free times left on Tuesday 1 June'],
    ['day=2026-12-01&time=03:00', 'is not free'],
  ])('?%s renders the page with a clear message and the days to choose from', async (query, message) => {
    const answer = await page(`/free-assessment?${query}`);
    expect(answer.statusCode).toBe(200);
    const booking = bookingPartOf(answer.body);
    expect(booking).toContain(message);
    expect(booking).toMatch(/<h3 [^>]*>Choose a day<\/h3>/);
  });

  it('is never answered from the page cache: a booking shows at once', async () => {
    // The same address twice around a booking made through the API: the second render knows it.
    const before = await page('/free-assessment?day=2026-12-02');
    expect(before.body).toContain('time=16:00#');
    const booked = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        ...details,
        email: 'api@example.com',
        telephone: '01632 960002',
        startsAt: '2026-12-02T16:00:00.000Z',
      },
      remoteAddress: '203.0.113.9',
    });
    expect(booked.statusCode).toBe(201);
    const after = await page('/free-assessment?day=2026-12-02');
    expect(after.body).not.toContain('time=16:00#');
  });
});
