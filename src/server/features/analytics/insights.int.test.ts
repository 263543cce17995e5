import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { contact } from '../../../../tests/support/enquiries-payloads';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import type { InsightsReport } from '../../../shared/analytics/insights';
import type { EnquiryPage } from '../../../shared/enquiries/admin-schemas';
import type { CreatedApiToken, StaffRole } from '../../../shared/staff/staff';

const KEY = 'insights-test-key-0123456789abcdef';
const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** What a person's browser sends with every page: its user agent and the reader's languages. */
const PERSON = { 'user-agent': FIREFOX, 'accept-language': 'en-GB,en;q=0.9' };
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const OWN = 'https://www.example.test';

describe('the owners’ Insights report (decision 0070)', () => {
  let subject: TestApp;
  // Monday 2 March 2026, 09:00 UTC: the week asked for is 24 February to 2 March.
  const clock = movableClock(Date.parse('2026-03-02T09:00:00Z'));
  const tokens = {} as Record<StaffRole, string>;

  const view = (url: string, ip: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ url, remoteAddress: ip, headers: { ...PERSON, ...headers } });
  const report = (query: string, key = KEY) =>
    subject.app.inject({ url: `/api/admin/insights?${query}`, headers: { 'x-api-key': key } });
  const week = async () => {
    const answer = await report('from=2026-02-24&to=2026-03-02');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<InsightsReport>();
  };

  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, ENQUIRY_RATE_LIMIT: '1000' },
      clock: clock.now,
    });
    for (const role of ['enquiries', 'editor'] as const) {
      const created = await subject.app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: { 'x-api-key': KEY },
        payload: { name: `Only ${role}`, roles: [role] },
      });
      tokens[role] = created.json<CreatedApiToken>().token;
    }
    const { db } = subject.database;
    // The week before (17 to 23 February), as the retention run leaves it: rolled-up totals only.
    await db.insertInto('analytics_days').values({ day: '2026-02-20', views: 10, visitors: 4, left_out: 7 }).execute();
    await db
      .insertInto('analytics_daily')
      .values({
        day: '2026-02-20',
        path: '/subjects',
        channel: 'direct',
        source: '',
        medium: '',
        campaign: '',
        views: 10,
        visitors: 4,
        entries: 4,
      })
      .execute();
    const earlier = await seedEnquiry(db, { submitted_at: '2026-02-20T10:00:00.000Z' });
    // A conversion that week, a second enquiry of the same visitor (no conversion), and one staff put in the Bin.
    const second = await seedEnquiry(db, { submitted_at: '2026-02-20T10:05:00.000Z' });
    const binned = await seedEnquiry(db, {
      submitted_at: '2026-02-21T10:00:00.000Z',
      deleted_at: '2026-02-22T00:00:00Z',
    });
    const attribution = {
      landing_path: '/subjects',
      sent_from: '/contact',
      channel: 'direct',
      source: null,
      medium: null,
      campaign: null,
    };
    await db
      .insertInto('analytics_attribution')
      .values([
        { enquiry_id: earlier.id, at: '2026-02-20T10:00:00.000Z', conversion: 'true', ...attribution },
        { enquiry_id: second.id, at: '2026-02-20T10:05:00.000Z', conversion: 'false', ...attribution },
        { enquiry_id: binned.id, at: '2026-02-21T10:00:00.000Z', conversion: 'true', ...attribution },
      ])
      .execute();
  });
  afterAll(() => subject.close());

  it('counts views, visitors and enquiries per day, by page, entry page, source and campaign', async () => {
    // A family from the Facebook advert: two pages, then the form, then the form again (no second conversion).
    const family = '203.0.113.10';
    await view('/exam-resits?utm_source=facebook&utm_medium=paid&utm_campaign=spring-gcse', family);
    await view('/free-assessment', family, { referer: `${OWN}/exam-resits` });
    const send = () =>
      subject.app.inject({
        method: 'POST',
        url: '/api/contact-submissions',
        remoteAddress: family,
        headers: { ...PERSON, referer: `${OWN}/free-assessment` },
        payload: contact,
      });
    const sent = await send();
    expect(sent.statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    // The inbox's page shows where it came from.
    const inbox = await subject.app.inject({ url: '/api/contact-submissions?page=1', headers: { 'x-api-key': KEY } });
    const card = inbox.json<EnquiryPage>().items.find((item) => item.id === sent.json<{ id: number }>().id);
    expect(card?.source).toEqual({
      landingPath: '/exam-resits',
      sentFrom: '/free-assessment',
      channel: 'campaign',
      source: 'facebook',
      medium: 'paid',
      campaign: 'spring-gcse',
    });
    // Another family from a search, and a headless browser (left out).
    await view('/', '203.0.113.11', { referer: 'https://www.google.co.uk/' });
    await view('/', '203.0.113.12', { 'user-agent': HEADLESS });

    await vi.waitFor(async () => expect((await week()).totals.views).toBe(3), { timeout: 5000, interval: 100 });
    const body = await week();
    expect(body.from).toBe('2026-02-24');
    expect(body.previous).toEqual({ from: '2026-02-17', to: '2026-02-23' });
    expect(body.counting).toBe(true);
    expect(body.days.map((day) => day.day)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(body.days.at(-1)).toEqual({ day: '2026-03-02', views: 3, visitors: 2, enquiries: 1 });
    expect(body.totals).toEqual({ views: 3, visitors: 2, enquiries: 1, conversionRate: 0.5 });
    expect(body.pages).toEqual([
      { path: '/', views: 1, entries: 1 },
      { path: '/exam-resits', views: 1, entries: 1 },
      { path: '/free-assessment', views: 1, entries: 0 },
    ]);
    expect(body.entryPages).toEqual([
      { path: '/exam-resits', visits: 1, enquiries: 1, conversionRate: 1 },
      { path: '/', visits: 1, enquiries: 0, conversionRate: 0 },
    ]);
    // The campaign's visit is one visitor with two page views and one enquiry.
    expect(body.campaigns).toEqual([
      { source: 'facebook', medium: 'paid', campaign: 'spring-gcse', visits: 1, views: 2, enquiries: 1 },
    ]);
    expect(body.sources).toEqual([
      { channel: 'campaign', source: 'facebook', visits: 1, views: 2, enquiries: 1 },
      { channel: 'search', source: 'google.co.uk', visits: 1, views: 1, enquiries: 0 },
    ]);
    expect(body.channels.map((row) => [row.channel, row.visits, row.enquiries])).toEqual([
      ['campaign', 1, 1],
      ['search', 1, 0],
    ]);
    expect(body.leftOut).toBe(1);
  });

  it('puts the previous period of the same length beside it, from the rolled-up totals', async () => {
    const body = await week();
    expect(body.previousDays).toHaveLength(7);
    expect(body.previousDays.find((day) => day.day === '2026-02-20')).toEqual({
      day: '2026-02-20',
      views: 10,
      visitors: 4,
      enquiries: 1,
    });
    // The second enquiry of one visitor and the one in the Bin are no conversions.
    expect(body.previousTotals).toEqual({ views: 10, visitors: 4, enquiries: 1, conversionRate: 0.25 });
    // The previous week's bots are its own, not this one's.
    expect(body.leftOut).toBe(1);
  });

  it('reads a year from the rolled-up totals and the raw views alike, and gives the same figures once rolled up', async () => {
    const year = async () => {
      const answer = await report('from=2025-03-03&to=2026-03-02');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<InsightsReport>();
    };
    const before = await year();
    expect(before.days).toHaveLength(365);
    expect(before.totals).toEqual({ views: 13, visitors: 6, enquiries: 2, conversionRate: 2 / 6 });
    expect(before.pages[0]).toEqual({ path: '/subjects', views: 10, entries: 4 });

    // The next day, the retention run totals the finished day once and keeps its raw views: counted once, not twice.
    clock.advance(DAY_MS);
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(3);
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(0);
    expect(await subject.database.db.selectFrom('analytics_views').selectAll().execute()).toHaveLength(3);
    const totalled = await year();
    expect(totalled.totals).toEqual(before.totals);
    expect(totalled.days).toEqual(before.days);
    expect(totalled.pages).toEqual(before.pages);
    expect(totalled.entryPages).toEqual(before.entryPages);
    expect(totalled.sources).toEqual(before.sources);
    expect(totalled.campaigns).toEqual(before.campaigns);

    // Five weeks on, the retention run has deleted the raw views; the totals answer alone.
    clock.advance(34 * DAY_MS);
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(0);
    expect(await subject.database.db.selectFrom('analytics_views').selectAll().execute()).toEqual([]);
    const after = await year();
    expect(after.totals).toEqual(before.totals);
    expect(after.days).toEqual(before.days);
    expect(after.pages).toEqual(before.pages);
    expect(after.entryPages).toEqual(before.entryPages);
    expect(after.sources).toEqual(before.sources);
    expect(after.campaigns).toEqual([
      { source: 'facebook', medium: 'paid', campaign: 'spring-gcse', visits: 1, views: 2, enquiries: 1 },
    ]);
    clock.advance(-35 * DAY_MS);
  });

  it('is for owners and the inbox’s staff, not editors nor anyone signed out', async () => {
    const query = 'from=2026-02-24&to=2026-03-02';
    expect((await report(query, tokens.enquiries)).statusCode).toBe(200);
    const editor = await report(query, tokens.editor);
    expect(editor.statusCode).toBe(403);
    expect(editor.json()).toMatchObject({ code: 'FORBIDDEN' });
    const nobody = await subject.app.inject({ url: `/api/admin/insights?${query}` });
    expect(nobody.statusCode).toBe(401);
  });

  it('refuses a range that is no range, naming the field', async () => {
    const refused = async (query: string) => {
      const answer = await report(query);
      expect(answer.statusCode, query).toBe(400);
      return answer.json<{ error: string; field?: string; code: string }>();
    };
    expect(await refused('from=2026-03-02&to=2026-03-01')).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'to',
      error: 'To must be on or after From',
    });
    expect(await refused('from=2026-02-30&to=2026-03-01')).toMatchObject({
      field: 'from',
      error: 'From is not a date in the calendar',
    });
    expect(await refused('from=yesterday&to=2026-03-01')).toMatchObject({ field: 'from' });
    expect(await refused('from=2026-03-01')).toMatchObject({ field: 'to' });
    expect(await refused('from=2024-03-01&to=2026-03-02')).toMatchObject({
      field: 'from',
      error: 'A report covers at most 731 days',
    });
    expect(await refused('from=2026-03-01&to=2026-03-02&who=x')).toMatchObject({ error: 'Unknown field: who.' });
    // Two years to the day is allowed.
    expect((await report('from=2024-03-02&to=2026-03-01')).statusCode).toBe(200);
  });
  it('knows the page an enquiry was sent from when the site is asked for by another name than its public one', async () => {
    const family = '203.0.113.20';
    await view('/contact', family);
    const sent = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress: family,
      headers: { ...PERSON, host: '127.0.0.1:4321', referer: 'http://127.0.0.1:4321/contact' },
      payload: contact,
    });
    expect(sent.statusCode).toBe(201);
    const row = await subject.database.db
      .selectFrom('analytics_attribution')
      .select(['landing_path', 'sent_from'])
      .where('enquiry_id', '=', sent.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ landing_path: '/contact', sent_from: '/contact' });
    // Another site's page is never "sent from".
    const elsewhere = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress: family,
      headers: { ...PERSON, referer: 'https://elsewhere.example/contact' },
      payload: contact,
    });
    const other = await subject.database.db
      .selectFrom('analytics_attribution')
      .select('sent_from')
      .where('enquiry_id', '=', elsewhere.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(other.sent_from).toBeNull();
  });
});
