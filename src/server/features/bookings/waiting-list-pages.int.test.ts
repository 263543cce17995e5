import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { claimTokens as claimTokensOf } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday, four weeks ahead. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const KEY = 'waiting-list-pages-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';
/** The forms' per-address limit here: small enough to reach. */
const LIMIT = 6;

/**
 * The waiting list's pages (issue 51): joining from the booking page without script, and the
 * claim link's page, built like the change link's (its token in no address but the e-mail's).
 */
describe('the waiting list’s pages', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  let address = 0;
  let number = 0;
  const from = () => `198.51.100.${++address}`;
  const family = (firstName: string) => {
    number += 1;
    return {
      firstName,
      lastName: 'Shah',
      telephone: `01632 98${String(number).padStart(4, '0')}`,
      email: `${firstName.toLowerCase()}.pages@example.com`,
      subjectTitle: 'GCSE Maths',
      yearGroup: '',
      notes: '',
    };
  };
  const page = (url: string) => subject.app.inject({ url, remoteAddress: from() });
  const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'POST',
      url,
      headers: { ...urlencoded, ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: from(),
    });
  const join = (fields: Record<string, string>) => postForm('/free-assessment/waiting-list', fields);
  const claim = (fields: Record<string, string>) => postForm('/free-assessment/waiting', fields);
  const offered = async () => (await subject.app.inject({ url: '/api/bookings/times' })).json<OfferedTimes>();
  const timesOn = async (date: string) => (await offered()).days.find((day) => day.date === date)?.times ?? [];
  const book = async (startsAt: string, name: string) => {
    const booked = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...family(name), startsAt },
      remoteAddress: from(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  };
  const places = () =>
    subject.database.db
      .selectFrom('booking_waitlist as w')
      .innerJoin('contact_submissions as s', 's.id', 'w.enquiry_id')
      .select(['s.email', 'w.from_date', 'w.to_date', 'w.status'])
      .orderBy('w.id')
      .execute();
  /** Staff cancel the first booking still standing on `date`: a time comes free. */
  const staffCancelOn = async (date: string) => {
    const booking = await subject.database.db
      .selectFrom('bookings')
      .select(['id', 'starts_at'])
      .where('status', '=', 'booked')
      .where('london_date', '=', date)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cancelled = await subject.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/cancel`,
      headers: key,
    });
    expect(cancelled.statusCode).toBe(200);
    return booking.starts_at;
  };
  const claimTokens = () => claimTokensOf(subject, clock.now);
  /** Every address the page links or posts to: the token is in none of them. */
  const addressesIn = (html: string) =>
    [...html.matchAll(/\b(?:href|action|src)="([^"]*)"/g)].map((match) => match[1]!);
  const buttonsIn = (html: string) =>
    [...html.matchAll(/<button\b([^>]*)>(.*?)<\/button>/g)].map(([, attributes, text]) => ({
      name: /\bname="([^"]*)"/.exec(attributes!)?.[1],
      value: /\bvalue="([^"]*)"/.exec(attributes!)?.[1],
      text,
    }));
  const text = (html: string) => html.replaceAll('<!-- -->', '');
  /** The input named `name`, as its tag is written. */
  const input = (html: string, name: string) => new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? '';

  beforeAll(async () => {
    subject = await createTestApp({
      clock: clock.now,
      env: {
        ADMIN_API_KEY: KEY,
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        ENQUIRY_RATE_LIMIT: String(LIMIT),
      },
    });
    // Tuesday is full.
    for (const [index, time] of (await timesOn(TUESDAY)).entries()) await book(time.start, `Full${index}`);
    expect(await timesOn(TUESDAY)).toEqual([]);
  });
  afterAll(() => subject.close());

  it('offers the form with the booking page’s day, the dates bounded by today and the window', async () => {
    const shown = await page(`/free-assessment/waiting-list?from=${TUESDAY}&to=${TUESDAY}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const body = text(shown.body);
    expect(body).toMatch(/<h1[^>]*>Join the waiting list<\/h1>/);
    expect(body).toContain('action="/free-assessment/waiting-list" method="post"');
    for (const name of ['from', 'to']) {
      expect(input(body, name)).toContain('value="2026-12-01"');
      expect(input(body, name)).toContain('type="date"');
      expect(input(body, name)).toContain('min="2026-11-30"');
      expect(input(body, name)).toContain('max="2026-12-28"');
    }
    expect(body).toContain('Choose days from today to Monday 28 December, the furthest ahead we take bookings.');
    // The booking's details fields, and the field only bots fill in.
    for (const name of ['firstName', 'lastName', 'telephone', 'email', 'subjectTitle', 'yearGroup', 'notes', 'website'])
      expect(body).toContain(`name="${name}"`);
    expect(body).toContain('<label for="waiting-from" class="field-label">First day you could come</label>');
    expect(body).toContain('<label for="waiting-to" class="field-label">Last day you could come</label>');
    // No island of its own (the layout's toasts alone): a plain form.
    expect([...body.matchAll(/data-island="(\w+)"/g)].map((match) => match[1])).toEqual(['ToastRegion']);
    // Days that may not be asked for, or are not days, start the form empty.
    for (const query of ['from=2026-11-20&to=2027-06-01', 'from=2026-02-30&to=x', 'from=__proto__']) {
      const other = await page(`/free-assessment/waiting-list?${query}`);
      expect(other.statusCode).toBe(200);
      expect(input(other.body, 'from')).toContain('value=""');
      expect(input(other.body, 'to')).toContain('value=""');
    }
  });

  it('answers a post without script: messages at their fields with the values kept, the window, times free', async () => {
    const ada = family('Ada');
    const missing = await join({ ...ada, email: 'not-an-address', from: '', to: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.body).toContain('Choose the first day you could come');
    expect(missing.body).toContain('Invalid email address');
    expect(input(missing.body, 'firstName')).toContain('value="Ada"');
    expect(input(missing.body, 'email')).toContain('value="not-an-address"');
    expect(input(missing.body, 'email')).toContain('aria-invalid="true"');
    expect(input(missing.body, 'from')).toContain('aria-describedby="waiting-from-error"');
    // The first field at fault is focused, as the forms' own (decision 0062).
    expect(input(missing.body, 'from')).toContain('autofocus=""');
    expect(missing.body).toContain('<p id="waiting-from-error"');

    const backwards = await join({ ...ada, from: WEDNESDAY, to: TUESDAY });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The last day must be on or after the first');

    const far = await join({ ...ada, from: TUESDAY, to: '2027-06-01' });
    expect(far.statusCode).toBe(400);
    expect(text(far.body)).toContain(
      'Choose days from today to Monday 28 December, the furthest ahead we take bookings.',
    );
    expect(input(far.body, 'to')).toContain('value="2027-06-01"');
    expect(input(far.body, 'to')).toContain('aria-invalid="true"');

    // Wednesday has free times: book one of those instead, by the booking page's links.
    const free = await join({ ...ada, from: TUESDAY, to: WEDNESDAY });
    expect(free.statusCode).toBe(409);
    expect(free.body).toContain('There are free times on those days: please choose one of them instead.');
    expect(free.body).toContain('href="/free-assessment?day=2026-12-02#book-a-time"');
    expect(free.body).not.toContain('href="/free-assessment?day=2026-12-01#book-a-time"');
    expect(input(free.body, 'to')).toContain('value="2026-12-02"');
    expect(await places()).toEqual([]);
  });

  it('joins, answering with the address that says so and names no one; a filled honeypot joins nobody', async () => {
    const joined = await join({ ...family('Ada'), from: TUESDAY, to: TUESDAY });
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe('/free-assessment/waiting-list?joined=1&from=2026-12-01&to=2026-12-01');
    const answer = await page(joined.headers.location!);
    expect(answer.statusCode).toBe(200);
    expect(text(answer.body)).toContain(
      'You are on the waiting list for Tuesday 1 December. We will e-mail you as soon as a time comes free: the first family to book it gets it.',
    );
    expect(answer.body).not.toContain('method="post"');
    expect(await places()).toEqual([
      { email: 'ada.pages@example.com', from_date: TUESDAY, to_date: TUESDAY, status: 'waiting' },
    ]);

    const bot = await join({ ...family('Bot'), from: TUESDAY, to: TUESDAY, website: 'https://spam.example' });
    expect(bot.statusCode).toBe(303);
    expect(bot.headers.location).toBe(joined.headers.location);
    expect(await places()).toHaveLength(1);
  });

  it('refuses another site’s post before reading it, and puts none of its values back', async () => {
    const forged = await postForm(
      '/free-assessment/waiting-list',
      { ...family('Eve'), from: TUESDAY, to: TUESDAY },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form was sent from another website');
    expect(forged.body).not.toContain('eve.pages@example.com');
    expect(await places()).toHaveLength(1);
  });

  it('counts each post towards the forms’ per-address limit', async () => {
    const one = '203.0.113.77';
    const send = (url: string, payload: object | string, headers = {}) =>
      subject.app.inject({ method: 'POST', url, payload, headers, remoteAddress: one });
    // The enquiry forms' API, then the waiting list's form, from one address: one count.
    for (let n = 0; n < LIMIT - 1; n += 1)
      expect((await send('/api/assessments', { ...family(`Form${n}`) })).statusCode).toBe(201);
    const last = new URLSearchParams({ ...family('Limit'), from: TUESDAY, to: TUESDAY }).toString();
    expect((await send('/free-assessment/waiting-list', last, urlencoded)).statusCode).toBe(303);
    const refused = await send('/free-assessment/waiting-list', last, urlencoded);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many requests from your connection');
    // The form comes back as typed.
    expect(input(refused.body, 'firstName')).toContain('value="Limit"');
  });

  it('claims a freed time by the link: days, then times, then the question, each posting the token, never in an address', async () => {
    const freed = await staffCancelOn(TUESDAY);
    expect(await subject.features.bookings.waitingList.offerFreedTimes()).toBe(2);
    const tokens = await claimTokens();
    const token = tokens.get('ada.pages@example.com')!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const link = `/free-assessment/waiting?token=${token}`;
    const shown = await page(link);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.headers['referrer-policy']).toBe('no-referrer');
    expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shown.body).toContain('<meta name="robots" content="noindex, nofollow"');
    const body = text(shown.body);
    expect(body).toContain('Book the time that has come free');
    expect(body).toContain(
      'Hello Ada. A time has come free on <strong>Tuesday 1 December</strong>, the day you asked for.',
    );
    expect(body).toContain('we will send the confirmation to <strong class="break-all">ada.pages@example.com</strong>');
    expect(body).toContain('data-island="ChangePicker"');
    expect(body).toContain('<form action="/free-assessment/waiting" method="post">');
    expect(body).toContain(`<input type="hidden" name="token" value="${token}"/>`);
    // Only the family's days: Tuesday, with its one free time.
    expect(buttonsIn(body).filter((button) => button.name === 'day')).toEqual([
      { name: 'day', value: TUESDAY, text: 'Tuesday 1 December' },
    ]);
    for (const found of addressesIn(shown.body)) expect(found).not.toContain('token=');
    // Opening it booked nothing.
    expect(await places()).toContainEqual(
      expect.objectContaining({ email: 'ada.pages@example.com', status: 'waiting' }),
    );

    const day = await claim({ token, day: TUESDAY });
    expect(day.statusCode).toBe(200);
    expect(text(day.body)).toContain('Choose a time on Tuesday 1 December');
    expect(
      buttonsIn(day.body)
        .filter((button) => button.name === 'at')
        .map((button) => button.value),
    ).toEqual([freed]);
    const picked = await claim({ token, at: freed });
    expect(picked.statusCode).toBe(200);
    expect(text(picked.body)).toMatch(/Book your assessment for Tuesday 1 December, \d{1,2}:\d\d[ap]m \(UK time\)\?/);
    expect(picked.body).toContain(`<input type="hidden" name="startsAt" value="${freed}"/>`);
    for (const found of [...addressesIn(day.body), ...addressesIn(picked.body)]) expect(found).not.toContain('token=');

    // A time outside the family's days: said, and nothing booked.
    const elsewhere = (await timesOn(WEDNESDAY))[0]!.start;
    const outside = await claim({ token, startsAt: elsewhere });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('That time is not one of the days you asked for.');

    const booked = await claim({ token, startsAt: freed });
    expect(booked.statusCode).toBe(200);
    expect(text(booked.body)).toMatch(
      /Your free assessment is booked for <strong>Tuesday 1 December, \d{1,2}:\d\d[ap]m \(UK time\)<\/strong>\./,
    );
    expect(booked.body).toContain('A confirmation e-mail is on its way');
    const held = await subject.database.db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select(['contact_submissions.email', 'contact_submissions.stage'])
      .where('bookings.starts_at', '=', freed)
      .where('bookings.status', '=', 'booked')
      .execute();
    expect(held).toEqual([{ email: 'ada.pages@example.com', stage: 'booked' }]);
    expect(await places()).toContainEqual(
      expect.objectContaining({ email: 'ada.pages@example.com', status: 'booked' }),
    );

    // The same link again names nothing: its token went with its place.
    const again = await page(link);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link is not valid');
    expect(again.body).toContain('If you have already booked a time with it');

    // The other family told of the same time finds it gone: said, with its days' free times (none).
    const late = tokens.get('limit.pages@example.com')!;
    const lost = await claim({ token: late, startsAt: freed });
    expect(lost.statusCode).toBe(409);
    expect(lost.body).toContain(timeTakenMessage);
    expect(lost.body).toContain('There are no other free times at the moment.');
    expect(lost.body).toContain('You are still on the waiting list');
  });

  it('refuses a link that is not one (404, 400), another site’s post (403), and a place whose days have passed (410)', async () => {
    const unknown = await page(`/free-assessment/waiting?token=${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is not valid');
    expect(unknown.headers['cache-control']).toBe('no-store');
    for (const query of ['', 'token=', 'token=short', 'token=a&token=b', `token=${'a'.repeat(5000)}`]) {
      const shown = await page(`/free-assessment/waiting?${query}`);
      expect(shown.statusCode, query.slice(0, 30)).toBe(400);
      expect(shown.body).toContain('This link is not valid');
    }
    const posted = await claim({ token: 'x'.repeat(43), startsAt: '2026-12-01T16:00:00.000Z' });
    expect(posted.statusCode).toBe(404);

    // Another family waits for Wednesday 9 December, full; a time comes free, it is told.
    const ninth = '2026-12-09';
    for (const [index, time] of (await timesOn(ninth)).entries()) await book(time.start, `Ninth${index}`);
    expect((await join({ ...family('Cal'), from: ninth, to: ninth })).statusCode).toBe(303);
    await staffCancelOn(ninth);
    expect(await subject.features.bookings.waitingList.offerFreedTimes()).toBe(1);
    const token = (await claimTokens()).get('cal.pages@example.com')!;
    const forged = await postForm(
      '/free-assessment/waiting',
      { token, startsAt: (await timesOn(ninth))[0]!.start },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('sent from another website');
    expect(await places()).toContainEqual(
      expect.objectContaining({ email: 'cal.pages@example.com', status: 'waiting' }),
    );

    // Its days pass before the list is next looked at: the link says the place has ended, with the phone.
    clock.set(Date.parse('2026-12-10T09:00:00.000Z'));
    try {
      const ended = await page(`/free-assessment/waiting?token=${token}`);
      expect(ended.statusCode).toBe(410);
      expect(ended.body).toContain('This waiting-list place has ended');
      expect(ended.body).toContain('href="tel:');
      const endedPost = await claim({ token, day: ninth });
      expect(endedPost.statusCode).toBe(410);
    } finally {
      clock.set(start);
    }
  });
});
