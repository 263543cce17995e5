import { afterEach, describe, expect, it } from 'vitest';
import type { OfferedTimes } from '../../../shared/bookings/bookings';
import { assessmentSettingsOf } from '../../../shared/bookings/settings';
import type { AssessmentSettings, CurrentSiteFacts } from '../../../shared/site-facts/site-facts';
import { type Database, openDatabase } from '../../db/connection';
import { bookingEnquiries } from '../enquiries';
import { createTestApp } from '../../../../tests/support/app';
import { queuedToken } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { createBookingsService } from './service';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const ADMIN_KEY = 'limits-admin-key-0123456789abcdef';
const key = { 'x-api-key': ADMIN_KEY };
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
const hour = 3_600_000;
const phone = '01632 960123';

/** Family `n`: its own e-mail address and phone number. */
const family = (n: number) => ({
  firstName: `Parent${n}`,
  lastName: 'Limits',
  telephone: `01632 96${String(n).padStart(4, '0')}`,
  email: `family${n}@example.com`,
  subjectTitle: 'GCSE Maths',
});

/**
 * Issue 51: the parent's links stop at the cut-off and after the changes allowed, and one family
 * holds as many bookings to come as allowed, whatever the form sends: the server refuses, in the
 * write's own transaction. One client from many addresses of one IPv6 /48 is counted as one.
 */
describe('the limits on the links and on one family (issue 51)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const app = async (at = start) => {
    const clock = movableClock(at);
    const subject = await createTestApp({
      clock: clock.now,
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        ADMIN_API_KEY: ADMIN_KEY,
      },
    });
    cleanups.push(() => subject.close());
    let address = 0;
    const from = () => `198.51.100.${(++address % 250) + 1}`;
    const post = (url: string, payload: object, remoteAddress = from()) =>
      subject.app.inject({ method: 'POST', url, payload, remoteAddress });
    const postForm = (url: string, fields: Record<string, string>) =>
      subject.app.inject({
        method: 'POST',
        url,
        headers: urlencoded,
        payload: new URLSearchParams(fields).toString(),
        remoteAddress: from(),
      });
    const page = (url: string) => subject.app.inject({ url, remoteAddress: from() });
    /** Books for family `n` and answers its links' tokens. */
    const book = async (n: number, startsAt: string) => {
      const booked = await post('/api/bookings', { ...family(n), startsAt });
      expect(booked.statusCode, booked.body).toBe(201);
      const email = family(n).email;
      return {
        cancel: await queuedToken(subject, 'cancel', email),
        change: await queuedToken(subject, 'change', email),
      };
    };
    const row = async (email: string) =>
      subject.database.db
        .selectFrom('bookings')
        .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
        .select(['bookings.id', 'starts_at', 'status', 'sequence', 'changes'])
        .where('contact_submissions.email', '=', email)
        .executeTakeFirstOrThrow();
    const settings = async (change: Partial<AssessmentSettings>) => {
      const current = (await subject.app.inject({ url: '/api/admin/site', headers: key })).json<CurrentSiteFacts>();
      const value = { ...assessmentSettingsOf(current.facts), ...change };
      const saved = await subject.app.inject({
        method: 'PUT',
        url: '/api/admin/site/assessment',
        headers: key,
        payload: { basedOn: current.revision, value },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const times = async () => (await subject.app.inject({ url: '/api/bookings/times' })).json<OfferedTimes>();
    return { subject, clock, post, postForm, page, book, row, settings, times };
  };

  it('inside the cut-off the links show the time and the phone, and refuse: exactly 12 hours before is inside', async () => {
    const { subject, clock, post, postForm, page, book, row } = await app();
    const tokens = await book(1, '2026-12-01T16:00:00.000Z');
    const booked = await row(family(1).email);
    // The confirmation says until when its links act.
    const confirmation = await subject.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('kind', '=', 'booking-confirmation')
      .executeTakeFirstOrThrow();
    expect(confirmation.body).toContain(
      `Both links work until 12 hours before the assessment; after that, please call ${phone}.`,
    );

    // 12 hours and a minute before: both links still act (a change to its own time changes nothing).
    clock.set(Date.parse('2026-12-01T03:59:00.000Z'));
    expect((await page(`/free-assessment/cancel?token=${tokens.cancel}`)).body).toContain('Cancel the assessment');
    const same = await post('/api/bookings/change', { token: tokens.change, startsAt: '2026-12-01T16:00:00.000Z' });
    expect(same.statusCode).toBe(200);

    // 12 hours before to the minute: inside.
    clock.set(Date.parse('2026-12-01T04:00:00.000Z'));
    const change = await post('/api/bookings/change', { token: tokens.change, startsAt: '2026-12-01T17:00:00.000Z' });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({
      error: `Your assessment is now within 12 hours, so it can no longer be changed online. Please call us on ${phone}.`,
      code: 'CUT_OFF',
    });
    const cancel = await post('/api/bookings/cancel', { token: tokens.cancel });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({
      error: `Your assessment is now within 12 hours, so it can no longer be cancelled online. Please call us on ${phone}.`,
      code: 'CUT_OFF',
    });

    // The pages, opened and posted without script: the time, the phone, no form.
    for (const [opened, title] of [
      [await page(`/free-assessment/cancel?token=${tokens.cancel}`), 'Please call us to cancel your assessment'],
      [
        await page(`/free-assessment/change?token=${tokens.change}`),
        'Please call us to change the time of your assessment',
      ],
    ] as const) {
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.body).toContain(title);
      expect(opened.body).toContain('Tuesday 1 December, 4:00pm (UK time)');
      expect(opened.body).toContain('href="tel:01632960123"');
      expect(opened.body).not.toContain('method="post"');
    }
    const posted = await postForm('/free-assessment/cancel', { token: tokens.cancel });
    expect(posted.statusCode).toBe(409);
    expect(posted.body).toContain('Please call us to cancel your assessment');
    expect(posted.body).toContain('so it can no longer be cancelled online.');
    const postedChange = await postForm('/free-assessment/change', {
      token: tokens.change,
      startsAt: '2026-12-01T17:00:00.000Z',
    });
    expect(postedChange.statusCode).toBe(409);
    expect(postedChange.body).toContain('Please call us to change the time of your assessment');

    expect(await row(family(1).email)).toEqual(booked);
  });

  it('a forged link, or one used for the other purpose, inside the cut-off reveals nothing more than an unknown one', async () => {
    const { clock, post, page, book } = await app();
    const tokens = await book(1, '2026-12-01T16:00:00.000Z');
    clock.set(Date.parse('2026-12-01T10:00:00.000Z'));
    const forged = 'A'.repeat(43);
    for (const token of [forged, tokens.cancel]) {
      const change = await post('/api/bookings/change', { token, startsAt: '2026-12-01T17:00:00.000Z' });
      expect(change.statusCode).toBe(404);
      expect(change.json()).toEqual({
        error:
          'This change link is not recognised. Please use the change link in your confirmation e-mail, or call us.',
        code: 'NOT_FOUND',
      });
      const shown = await page(`/free-assessment/change?token=${token}`);
      expect(shown.statusCode).toBe(404);
      expect(shown.body).toContain('This link is not valid');
      expect(shown.body).not.toContain('4:00pm');
    }
    for (const token of [forged, tokens.change]) {
      expect((await post('/api/bookings/cancel', { token })).statusCode).toBe(404);
      const shown = await page(`/free-assessment/cancel?token=${token}`);
      expect(shown.statusCode).toBe(404);
      expect(shown.body).not.toContain('4:00pm');
    }
  });

  it('counts real hours across a clock change: a 10:00 booking on Sunday 29 March 2026 closes at 21:00 on the Saturday', async () => {
    const { clock, post, page, book, row, settings } = await app(Date.parse('2026-03-20T12:00:00.000Z'));
    await settings({ weeklyTimes: [{ days: ['Saturday', 'Sunday'], opens: '09:00', closes: '12:00' }] });
    // 10:00 in London on the 29th is 09:00 UTC: the clocks went forward at 01:00 UTC.
    const tokens = await book(1, '2026-03-29T09:00:00.000Z');
    const cancelPage = async () => (await page(`/free-assessment/cancel?token=${tokens.cancel}`)).body;

    // 20:59 on the Saturday (GMT): 12 real hours and a minute before.
    clock.set(Date.parse('2026-03-28T20:59:00.000Z'));
    expect(await cancelPage()).toContain('Cancel the assessment');
    // 21:00: twelve real hours before (though thirteen on the wall clock).
    clock.set(Date.parse('2026-03-28T21:00:00.000Z'));
    expect(await cancelPage()).toContain('Please call us to cancel your assessment');
    expect(await cancelPage()).toContain('Sunday 29 March, 10:00am (UK time)');
    // 21:30: still before 22:00, where twelve wall-clock hours would put it.
    clock.set(Date.parse('2026-03-28T21:30:00.000Z'));
    expect((await post('/api/bookings/cancel', { token: tokens.cancel })).json()).toMatchObject({ code: 'CUT_OFF' });
    clock.set(Date.parse('2026-03-28T20:59:59.000Z'));
    expect((await post('/api/bookings/cancel', { token: tokens.cancel })).statusCode).toBe(200);
    expect(await row(family(1).email)).toMatchObject({ status: 'cancelled' });
  });

  it('allows the changes set, then says to call; cancelling still works; staff moves neither count nor stop at the cut-off', async () => {
    const { subject, clock, post, page, book, row } = await app();
    const tokens = await book(1, '2026-12-02T16:00:00.000Z');
    const change = (startsAt: string) => post('/api/bookings/change', { token: tokens.change, startsAt });
    expect((await change('2026-12-02T17:00:00.000Z')).statusCode).toBe(200);
    // To where it is: nothing changes, nothing counts.
    expect((await change('2026-12-02T17:00:00.000Z')).statusCode).toBe(200);
    expect(await row(family(1).email)).toMatchObject({ starts_at: '2026-12-02T17:00:00.000Z', changes: 1 });
    expect((await change('2026-12-02T18:00:00.000Z')).statusCode).toBe(200);
    expect(await row(family(1).email)).toMatchObject({ starts_at: '2026-12-02T18:00:00.000Z', changes: 2 });

    const third = await change('2026-12-02T19:00:00.000Z');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      error: `This booking has been changed twice already, the most we allow online. Please call us on ${phone}.`,
      code: 'CHANGE_LIMIT',
    });
    const changePage = await page(`/free-assessment/change?token=${tokens.change}`);
    expect(changePage.statusCode).toBe(200);
    expect(changePage.body).toContain('Please call us to change the time of your assessment');
    expect(changePage.body).toContain('Wednesday 2 December, 6:00pm (UK time)');
    expect(changePage.body).toContain('the cancel link in your confirmation e-mail still works');
    expect((await page(`/free-assessment/cancel?token=${tokens.cancel}`)).body).toContain('Cancel the assessment');

    // Staff move it: not counted, and not held to the cut-off.
    const { id } = await row(family(1).email);
    const move = (startsAt: string) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/move`,
        headers: key,
        payload: { startsAt },
      });
    expect((await move('2026-12-02T19:00:00.000Z')).statusCode).toBe(200);
    clock.set(Date.parse('2026-12-02T17:00:00.000Z'));
    expect((await move('2026-12-03T16:00:00.000Z')).statusCode).toBe(200);
    expect(await row(family(1).email)).toMatchObject({ starts_at: '2026-12-03T16:00:00.000Z', changes: 2 });
  });

  it('re-checks in the write: a change or cancel read before the cut-off and written after it is refused', async () => {
    const { subject, book, row } = await app();
    const tokens = await book(1, '2026-12-01T16:00:00.000Z');
    const before = await row(family(1).email);
    // The clock reads 12 hours and a second before until the write begins, then the cut-off itself.
    let writing = false;
    const clock = () => new Date(Date.parse(writing ? '2026-12-01T04:00:00.000Z' : '2026-12-01T03:59:59.000Z'));
    const database: Database = {
      ...subject.database,
      writes: {
        run: (work) => {
          writing = true;
          return subject.database.writes.run(work);
        },
      },
    };
    const service = createBookingsService({
      database,
      config: subject.config,
      clock,
      siteFacts: subject.features.siteFacts.current,
      settingsOf: async () => assessmentSettingsOf(await subject.features.siteFacts.current()),
      enquiries: bookingEnquiries(subject.config.publicUrl),
    });
    expect(await service.change(tokens.change, '2026-12-02T16:00:00.000Z')).toMatchObject({
      kind: 'call-us',
      reason: 'cut-off',
      limit: 12,
    });
    writing = false;
    expect(await service.cancel(tokens.cancel)).toMatchObject({ kind: 'call-us', reason: 'cut-off' });
    expect(await row(family(1).email)).toEqual(before);
  });

  it('two changes racing with one change left: one moves, the other is told to call', async () => {
    const { subject, book, row, settings } = await app();
    await settings({ changesPerBooking: 1 });
    const tokens = await book(1, '2026-12-02T16:00:00.000Z');
    const second = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    cleanups.push(() => second.close());
    const services = [subject.database, second].map((database) =>
      createBookingsService({
        database,
        config: subject.config,
        clock: () => new Date(start),
        siteFacts: subject.features.siteFacts.current,
        settingsOf: async () => assessmentSettingsOf(await subject.features.siteFacts.current()),
        enquiries: bookingEnquiries(subject.config.publicUrl),
      }),
    );
    const outcomes = await Promise.all([
      services[0]!.change(tokens.change, '2026-12-02T17:00:00.000Z'),
      services[1]!.change(tokens.change, '2026-12-02T18:00:00.000Z'),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['booked', 'call-us']);
    expect(await row(family(1).email)).toMatchObject({ changes: 1, sequence: 1 });
  });

  it('holds one booking to come per family: its e-mail address or its phone, however written', async () => {
    const { clock, post, postForm, book, settings } = await app();
    const tokens = await book(1, '2026-12-01T16:00:00.000Z');
    const refused = {
      error: `You already have a free assessment booked. To change it, use the link in its confirmation e-mail, or call us on ${phone}.`,
      code: 'ALREADY_BOOKED',
    };
    // The same phone written another way, another address.
    const samePhone = { ...family(2), telephone: '+44 (0)1632 960001' };
    const byPhone = await post('/api/bookings', { ...samePhone, startsAt: '2026-12-02T16:00:00.000Z' });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toEqual(refused);
    // The same address written another way, another phone.
    const sameEmail = { ...family(3), email: 'Family1+school@Example.com' };
    expect((await post('/api/bookings', { ...sameEmail, startsAt: '2026-12-02T17:00:00.000Z' })).json()).toEqual(
      refused,
    );
    // Without script: the page again, the details kept, the message at the top.
    const page = await postForm('/free-assessment', {
      ...samePhone,
      startsAt: '2026-12-02T16:00:00.000Z',
      website: '',
    });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('You already have a free assessment booked.');
    expect(page.body).toContain('value="Parent2"');

    // Another family books as ever; once the first cancels, it may book again.
    await book(4, '2026-12-02T16:00:00.000Z');
    expect((await post('/api/bookings/cancel', { token: tokens.cancel })).statusCode).toBe(200);
    expect((await post('/api/bookings', { ...samePhone, startsAt: '2026-12-03T16:00:00.000Z' })).statusCode).toBe(201);
    expect((await post('/api/bookings', { ...family(1), startsAt: '2026-12-04T16:00:00.000Z' })).statusCode).toBe(409);
    // A booking whose time has begun is no longer counted.
    clock.set(Date.parse('2026-12-03T16:00:00.000Z'));
    expect((await post('/api/bookings', { ...family(1), startsAt: '2026-12-04T16:00:00.000Z' })).statusCode).toBe(201);

    // Two at once when the centre allows it, then the message says so.
    await settings({ bookingsPerFamily: 2 });
    expect((await post('/api/bookings', { ...family(5), startsAt: '2026-12-07T16:00:00.000Z' })).statusCode).toBe(201);
    expect((await post('/api/bookings', { ...family(5), startsAt: '2026-12-07T17:00:00.000Z' })).statusCode).toBe(201);
    expect((await post('/api/bookings', { ...family(5), startsAt: '2026-12-07T18:00:00.000Z' })).json()).toEqual({
      error: `You already have 2 free assessments booked, the most one family can hold at once. To change one, use the link in its confirmation e-mail, or call us on ${phone}.`,
      code: 'ALREADY_BOOKED',
    });
  });

  it('100 bookings from one IPv6 /48 stop at its limit, the office is told once, and the calendar stays free for others', async () => {
    const { subject, clock, post, times } = await app();
    const offered = (await times()).days.flatMap((day) => day.times.map((free) => free.start));
    expect(offered.length).toBeGreaterThanOrEqual(101);
    // Eleven /64s were enough before: here each of the hundred comes from its own /64 of 2001:db8:7::/48.
    const answers = await Promise.all(
      offered
        .slice(0, 100)
        .map((startsAt, n) =>
          post('/api/bookings', { ...family(n + 1), startsAt }, `2001:db8:7:${(n + 1).toString(16)}::1`),
        ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The enquiry forms' limit per address (10 per 15 minutes) now holds for the /48 too.
    expect(statuses.filter((status) => status === 201)).toHaveLength(subject.config.enquiryRateLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - subject.config.enquiryRateLimit);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: 'Too many bookings from your network. Please try again in 15 minutes, or call us.',
      code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBe('900');
    // The booking posted without script counts the same: the page again, with the message.
    const page = await subject.app.inject({
      method: 'POST',
      url: '/free-assessment',
      headers: urlencoded,
      payload: new URLSearchParams({ ...family(400), startsAt: offered[99]!, website: '' }).toString(),
      remoteAddress: '2001:db8:7:400::1',
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Too many bookings from your network.');

    // The rest of the calendar is free: another family elsewhere books one of the refused times.
    expect((await times()).days.flatMap((day) => day.times)).toHaveLength(offered.length - 10);
    const refusedTime = offered[statuses.indexOf(429)]!;
    expect((await post('/api/bookings', { ...family(500), startsAt: refusedTime }, '2001:db8:8::1')).statusCode).toBe(
      201,
    );

    // The office heard of it once (at the sixth), not once a booking.
    const notices = async () =>
      subject.database.db
        .selectFrom('email_outbox')
        .select(['recipient', 'subject', 'body'])
        .where('kind', '=', 'booking-notice')
        .execute();
    expect(await notices()).toEqual([
      expect.objectContaining({
        recipient: 'office@northstar.test',
        subject: 'Many bookings from one connection: 6 within an hour',
        body: expect.stringMatching(/from one internet connection\.\n(?![\s\S]*2001:db8)/),
      }),
    ]);
    // After the window, the /48 may book again; the hour's notice is not repeated.
    clock.advance(16 * 60_000);
    const later = await post('/api/bookings', { ...family(600), startsAt: offered[100]! }, '2001:db8:7:ff::1');
    expect(later.statusCode).toBe(201);
    expect(await notices()).toHaveLength(1);
  });

  it('tells the office once an hour when one IPv4 address books more than five times', async () => {
    const { subject, clock, post, times } = await app();
    const offered = (await times()).days.flatMap((day) => day.times.map((free) => free.start));
    for (let n = 0; n < 7; n += 1) {
      expect((await post('/api/bookings', { ...family(n + 1), startsAt: offered[n]! }, '203.0.113.7')).statusCode).toBe(
        201,
      );
    }
    const notices = async () =>
      (
        await subject.database.db
          .selectFrom('email_outbox')
          .select('subject')
          .where('kind', '=', 'booking-notice')
          .execute()
      ).map((row) => row.subject);
    expect(await notices()).toEqual(['Many bookings from one connection: 6 within an hour']);
    clock.advance(hour);
    for (let n = 7; n < 13; n += 1) {
      expect((await post('/api/bookings', { ...family(n + 1), startsAt: offered[n]! }, '203.0.113.7')).statusCode).toBe(
        201,
      );
    }
    expect(await notices()).toHaveLength(2);
  });
});
