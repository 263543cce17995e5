import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { queuedToken } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
const parent = {
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: '01632 960000',
  email: 'priya.links@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
};

/** The pages a booking's mail links to (issue 41): opening one changes nothing; its form posts. */
describe('the booking links’ pages', () => {
  const clock = movableClock(start);
  let subject: TestApp;
  const log: string[] = [];
  let address = 0;
  const from = () => `198.51.100.${++address}`;
  const page = (url: string) => subject.app.inject({ url, remoteAddress: from() });
  const postForm = (url: string, fields: Record<string, string>) =>
    subject.app.inject({
      method: 'POST',
      url,
      headers: urlencoded,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: from(),
    });
  const status = async () =>
    (await subject.database.db.selectFrom('bookings').select(['status', 'starts_at', 'sequence']).execute()).map(
      (row) => `${row.status} ${row.starts_at} ${row.sequence}`,
    );
  const times = async () => (await subject.app.inject({ url: '/api/bookings/times' })).json<OfferedTimes>();

  let families = 0;
  /**
   * Books a time through the API and answers its two links' tokens, read from the confirmation
   * mail. Each booking is another family's (its own phone number: one family holds one, issue 51).
   */
  const book = async (startsAt: string, email = parent.email) => {
    const telephone = `01632 96${String(++families).padStart(4, '0')}`;
    const booked = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...parent, email, telephone, startsAt },
      remoteAddress: from(),
    });
    expect(booked.statusCode).toBe(201);
    return { cancel: await queuedToken(subject, 'cancel'), change: await queuedToken(subject, 'change') };
  };

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    subject = await createTestApp({
      clock: clock.now,
      logStream: stream,
      env: { SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_EMAIL: 'office@northstar.test', MAIL_FROM: 'web@northstar.test' },
    });
  });
  afterAll(() => subject.close());

  it('shows what the cancel link would cancel, changes nothing, and keeps the page private', async () => {
    const tokens = await book('2026-12-01T16:00:00.000Z');
    // As a mail scanner or link preview would, more than once.
    for (let visit = 0; visit < 2; visit += 1) {
      const shown = await page(`/free-assessment/cancel?token=${tokens.cancel}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Cancel your free assessment');
      expect(shown.body).toContain('Tuesday 1 December, 4:00pm (UK time)');
      expect(shown.body).toContain('action="/free-assessment/cancel" method="post"');
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.headers['referrer-policy']).toBe('no-referrer');
      expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(shown.body).toContain('<meta name="robots" content="noindex, nofollow"');
    }
    expect(await status()).toEqual(['booked 2026-12-01T16:00:00.000Z 0']);
    // The request log names the path, never the token.
    const logged = log.join('');
    expect(logged).toContain('/free-assessment/cancel');
    expect(logged).not.toContain(tokens.cancel);
  });

  it('cancels when the form posts, then says so again for the same link', async () => {
    const tokens = await book('2026-12-01T17:00:00.000Z', 'sam.links@example.com');
    const cancelled = await postForm('/free-assessment/cancel', { token: tokens.cancel });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain(
      'Your assessment on <strong>Tuesday 1 December, 5:00pm (UK time)</strong> is cancelled.',
    );
    expect(cancelled.body).toContain('href="/free-assessment"');
    expect(cancelled.headers['cache-control']).toBe('no-store');
    expect(await status()).toContain('cancelled 2026-12-01T17:00:00.000Z 1');
    expect((await times()).days[0]!.times.map((time) => time.time)).toContain('17:00');
    const cancellations = await subject.database.db
      .selectFrom('email_outbox')
      .select('calendar_method')
      .where('kind', '=', 'booking-cancellation')
      .execute();
    expect(cancellations).toEqual([{ calendar_method: 'CANCEL' }]);

    const again = await postForm('/free-assessment/cancel', { token: tokens.cancel });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This booking has already been cancelled');
    const opened = await page(`/free-assessment/cancel?token=${tokens.cancel}`);
    expect(opened.statusCode).toBe(410);
    expect(opened.body).toContain('This booking has already been cancelled');
    expect(opened.body).not.toContain('method="post"');
    // And its change link no longer moves it.
    const change = await page(`/free-assessment/change?token=${tokens.change}`);
    expect(change.statusCode).toBe(410);
    expect(change.body).toContain('This booking has already been cancelled');
    expect(
      await subject.database.db
        .selectFrom('email_outbox')
        .select('id')
        .where('kind', '=', 'booking-cancellation')
        .execute(),
    ).toHaveLength(1);
  });

  it('keeps each link to its purpose: a change token opens no cancel page, nor the other way', async () => {
    const tokens = await book('2026-12-01T18:00:00.000Z', 'kim.links@example.com');
    const before = await status();
    for (const url of [
      `/free-assessment/cancel?token=${tokens.change}`,
      `/free-assessment/change?token=${tokens.cancel}`,
    ]) {
      const shown = await page(url);
      expect(shown.statusCode, url).toBe(404);
      expect(shown.body).toContain('This link is not valid');
      expect(shown.body).not.toContain('6:00pm');
    }
    const cancel = await postForm('/free-assessment/cancel', { token: tokens.change });
    expect(cancel.statusCode).toBe(404);
    const change = await postForm('/free-assessment/change', {
      token: tokens.cancel,
      startsAt: '2026-12-02T16:00:00.000Z',
    });
    expect(change.statusCode).toBe(404);
    expect(change.body).toContain('This link is not valid');
    expect(await status()).toEqual(before);
  });

  /** Every address the page links or posts to, and the buttons' values: the token is in none of them (issue 51). */
  /** The page's buttons: each one's name, value and words. */
  const buttonsIn = (html: string) =>
    [...html.matchAll(/<button\b([^>]*)>(.*?)<\/button>/g)].map(([, attributes, text]) => ({
      name: /\bname="([^"]*)"/.exec(attributes!)?.[1],
      value: /\bvalue="([^"]*)"/.exec(attributes!)?.[1],
      text,
    }));
  const addressesIn = (html: string) =>
    [...html.matchAll(/\b(?:href|action|src)="([^"]*)"/g)].map((match) => match[1]!);

  it('lists days, then a day’s times, then confirms the time picked, each a form posting the token, never in an address; the form moves it', async () => {
    const tokens = await book('2026-12-02T16:00:00.000Z', 'lee.links@example.com');
    const base = `/free-assessment/change?token=${tokens.change}`;
    const choose = (fields: Record<string, string>) =>
      postForm('/free-assessment/change', { token: tokens.change, ...fields });
    const first = await page(base);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.body).toContain('Wednesday 2 December, 4:00pm (UK time)');
    // The booking page's picker: each day a button of a form that posts the token in its body.
    expect(first.body).toContain('<form action="/free-assessment/change" method="post">');
    expect(first.body).toContain(`<input type="hidden" name="token" value="${tokens.change}"/>`);
    expect(buttonsIn(first.body)).toContainEqual({ name: 'day', value: '2026-12-03', text: 'Thursday 3 December' });
    expect(first.body).toContain('data-island="ChangePicker"');
    expect(first.body).not.toContain('Move to this time');
    for (const address of addressesIn(first.body)) expect(address).not.toContain('token=');
    expect(first.body).not.toMatch(/href="[^"]*(?:day|at)=/);

    // A day chosen: the same page at the same address, its times as buttons, nothing changed.
    const day = await choose({ day: '2026-12-03' });
    expect(day.statusCode).toBe(200);
    expect(day.headers['cache-control']).toBe('no-store');
    expect(day.headers['referrer-policy']).toBe('no-referrer');
    expect(day.body.replaceAll('<!-- -->', '')).toContain('Choose a time on Thursday 3 December');
    expect(buttonsIn(day.body)).toContainEqual({ name: 'at', value: '2026-12-03T17:00:00.000Z', text: '5:00pm' });
    for (const address of addressesIn(day.body)) expect(address).not.toContain('token=');
    // Its own time is no time to move to.
    expect((await choose({ day: '2026-12-02' })).body).not.toContain('value="2026-12-02T16:00:00.000Z"');
    // A day not offered, or not a day: the days again.
    for (const other of ['2027-06-01', 'x'.repeat(500), '__proto__']) {
      const shown = await choose({ day: other });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain('Choose a time on');
    }

    // A time chosen: the question, with the form that moves it and the way back to the day.
    const picked = await choose({ at: '2026-12-03T17:00:00.000Z' });
    expect(picked.statusCode).toBe(200);
    expect(picked.body).toContain('Move your assessment to Thursday 3 December, 5:00pm (UK time)?');
    expect(picked.body).toContain('<input type="hidden" name="startsAt" value="2026-12-03T17:00:00.000Z"/>');
    expect(buttonsIn(picked.body)).toContainEqual({ name: 'day', value: '2026-12-03', text: 'Choose another time' });
    for (const address of addressesIn(picked.body)) expect(address).not.toContain('token=');
    expect(await status()).toContain('booked 2026-12-02T16:00:00.000Z 0');
    // The old addresses with a day or a time no longer pick anything: the link opens the days.
    expect((await page(`${base}&at=2026-12-03T17%3A00%3A00.000Z`)).body).not.toContain('Move to this time');

    const moved = await choose({ startsAt: '2026-12-03T17:00:00.000Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('Your assessment is now on <strong>Thursday 3 December, 5:00pm (UK time)</strong>.');
    expect(await status()).toContain('booked 2026-12-03T17:00:00.000Z 1');
    // The link still opens the booking, at its new time.
    expect((await page(base)).body).toContain('Thursday 3 December, 5:00pm (UK time)');
  });

  it('counts only a move towards the per-address limit: choosing days and times is free', async () => {
    const tokens = await book('2026-12-02T17:00:00.000Z', 'ray.links@example.com');
    const one = '198.51.100.250';
    const post = (fields: Record<string, string>) =>
      subject.app.inject({
        method: 'POST',
        url: '/free-assessment/change',
        headers: urlencoded,
        payload: new URLSearchParams({ token: tokens.change, ...fields }).toString(),
        remoteAddress: one,
      });
    for (let n = 0; n < 12; n += 1) expect((await post({ day: '2026-12-03' })).statusCode).toBe(200);
    expect((await post({ startsAt: '2026-12-03T18:00:00.000Z' })).statusCode).toBe(200);
  });

  it('answers a day or time chosen with a link that cannot be used as opening it does', async () => {
    const tokens = await book('2026-12-09T16:00:00.000Z', 'fay.links@example.com');
    const wrong = await postForm('/free-assessment/change', { token: tokens.cancel, day: '2026-12-03' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('This link is not valid');
    for (const body of [
      'day=2026-12-03',
      'token=short&day=2026-12-03',
      `token=${tokens.change}&token=x&day=2026-12-03`,
    ]) {
      const posted = await subject.app.inject({
        method: 'POST',
        url: '/free-assessment/change',
        headers: urlencoded,
        payload: body,
        remoteAddress: from(),
      });
      expect(posted.statusCode, body.slice(0, 30)).toBe(400);
      expect(posted.body).toContain('This link is not valid');
    }
    expect((await postForm('/free-assessment/cancel', { token: tokens.cancel })).statusCode).toBe(200);
    const cancelled = await postForm('/free-assessment/change', { token: tokens.change, day: '2026-12-03' });
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.body).toContain('This booking has already been cancelled');
    const forged = await subject.app.inject({
      method: 'POST',
      url: '/free-assessment/change',
      headers: { ...urlencoded, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ token: tokens.change, day: '2026-12-03' }).toString(),
      remoteAddress: from(),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('answers 409 with the nearest free times when the time went to another parent, and 400 for one not offered', async () => {
    const tokens = await book('2026-12-04T16:00:00.000Z', 'ash.links@example.com');
    await book('2026-12-04T18:00:00.000Z', 'bea.links@example.com');
    const taken = await postForm('/free-assessment/change', {
      token: tokens.change,
      startsAt: '2026-12-04T18:00:00.000Z',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(timeTakenMessage);
    // The nearest free times, as buttons of a form posting the token.
    const nearest = buttonsIn(taken.body).filter((button) => button.name === 'at');
    expect(nearest.map((button) => button.value)).toEqual(
      expect.arrayContaining(['2026-12-04T17:00:00.000Z', '2026-12-04T19:00:00.000Z']),
    );
    for (const address of addressesIn(taken.body)) expect(address).not.toContain('token=');
    const notOffered = await postForm('/free-assessment/change', {
      token: tokens.change,
      startsAt: '2026-12-04T18:30:00.000Z',
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.body).toContain('That time is not offered.');
    expect(await status()).toContain('booked 2026-12-04T16:00:00.000Z 0');
  });

  it('says a link has expired once the assessment’s time has come', async () => {
    const tokens = await book('2026-12-07T16:00:00.000Z', 'dev.links@example.com');
    clock.set(Date.parse('2026-12-07T16:00:00.000Z'));
    try {
      for (const url of [
        `/free-assessment/cancel?token=${tokens.cancel}`,
        `/free-assessment/change?token=${tokens.change}`,
      ]) {
        const shown = await page(url);
        expect(shown.statusCode, url).toBe(410);
        expect(shown.body).toContain('This link has expired because the assessment time has passed');
      }
      const late = await postForm('/free-assessment/cancel', { token: tokens.cancel });
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain('This link has expired');
      expect(await status()).toContain('booked 2026-12-07T16:00:00.000Z 0');
    } finally {
      clock.set(start);
    }
  });

  it('answers hostile tokens with the “not valid” page and a 4xx, never a 500', async () => {
    const hostile = [
      '',
      'token=',
      'token=__proto__',
      'token=constructor',
      'token=a&token=b',
      `token=${'a'.repeat(100_000)}`,
      `token=${'A'.repeat(42)}%21`,
      'token=%00',
      'token=%E0',
      'token[]=x',
      'token[__proto__]=x',
    ];
    for (const query of hostile) {
      for (const path of ['/free-assessment/cancel', '/free-assessment/change']) {
        const shown = await page(`${path}?${query}`);
        expect(shown.statusCode, `${path}?${query.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(shown.statusCode, `${path}?${query.slice(0, 40)}`).toBeLessThan(500);
        expect(shown.body).toContain('This link is not valid');
        expect(shown.headers['cache-control']).toBe('no-store');
      }
    }
    for (const body of ['token=a&token=b', '__proto__=x', 'token=__proto__', `token=${'b'.repeat(60_000)}`]) {
      const posted = await subject.app.inject({
        method: 'POST',
        url: '/free-assessment/cancel',
        headers: urlencoded,
        payload: body,
        remoteAddress: from(),
      });
      expect(posted.statusCode, body.slice(0, 30)).toBe(400);
      expect(posted.body).toContain('This link is not valid');
    }
    // JSON is no form body here.
    const json = await subject.app.inject({
      method: 'POST',
      url: '/free-assessment/cancel',
      payload: { token: 'x' },
      remoteAddress: from(),
    });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('refuses another site’s post before reading it', async () => {
    const tokens = await book('2026-12-08T16:00:00.000Z', 'eve.links@example.com');
    const forged = await subject.app.inject({
      method: 'POST',
      url: '/free-assessment/cancel',
      headers: { ...urlencoded, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ token: tokens.cancel }).toString(),
      remoteAddress: from(),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('sent from another website');
    expect(await status()).toContain('booked 2026-12-08T16:00:00.000Z 0');
  });

  it('keeps the pages out of the sitemap', async () => {
    const sitemap = await subject.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('/free-assessment<');
    expect(sitemap.body).not.toContain('/free-assessment/cancel');
    expect(sitemap.body).not.toContain('/free-assessment/change');
  });
});
