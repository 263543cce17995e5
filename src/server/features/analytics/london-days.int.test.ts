import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { contact } from '../../../../tests/support/enquiries-payloads';
import type { InsightsReport } from '../../../shared/analytics/insights';
import { deleteOldSalts } from './visitors';

const KEY = 'london-days-test-key-0123456789abcdef';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** What a person's browser sends with every page: its user agent and the reader's languages. */
const PERSON = { 'user-agent': FIREFOX, 'accept-language': 'en-GB,en;q=0.9' };
const HOUR_MS = 60 * 60 * 1000;

/**
 * The report's and the roll-up's days are the centre's (decision 0070): in summer time, 23:30 UTC
 * is 00:30 the next day in London, and the clock changes of 29 March and 25 October 2026 move no
 * view to the wrong date.
 */
describe('Insights days on the centre’s (London) clock', () => {
  let subject: TestApp;
  // Sunday 29 March 2026: the clocks went forward at 01:00 UTC; 23:30 UTC is 00:30 BST on Monday 30 March.
  const clock = movableClock(Date.parse('2026-03-29T23:30:00Z'));

  const view = (url: string, ip: string) => subject.app.inject({ url, remoteAddress: ip, headers: { ...PERSON } });
  const report = async (from: string, to: string) => {
    const answer = await subject.app.inject({
      url: `/api/admin/insights?from=${from}&to=${to}`,
      headers: { 'x-api-key': KEY },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<InsightsReport>();
  };
  const counts = (body: InsightsReport) => body.days.map((day) => [day.day, day.views, day.enquiries]);

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY, ENQUIRY_RATE_LIMIT: '1000' }, clock: clock.now });
  });
  afterAll(() => subject.close());

  it('counts a view and an enquiry at 23:30 UTC on a summer-time day on the next London date, raw and totalled', async () => {
    const family = '203.0.113.30';
    await view('/exam-resits', family);
    const sent = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress: family,
      headers: { ...PERSON },
      payload: contact,
    });
    expect(sent.statusCode).toBe(201);
    // A day's first view waits for the day's salt, then for the recorder's next batch.
    await vi.waitFor(
      async () =>
        expect(await subject.database.db.selectFrom('analytics_views').select('day').execute()).toEqual([
          { day: '2026-03-30' },
        ]),
      { timeout: 5000, interval: 100 },
    );

    const expected = [
      ['2026-03-29', 0, 0],
      ['2026-03-30', 1, 1],
    ];
    expect(counts(await report('2026-03-29', '2026-03-30'))).toEqual(expected);

    // Once the London day is over, the retention run totals it under the same date.
    clock.set(Date.parse('2026-03-30T23:30:00Z'));
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(1);
    const totalled = await subject.database.db.selectFrom('analytics_days').select(['day', 'views']).execute();
    expect(totalled.map((row) => ({ ...row, views: Number(row.views) }))).toEqual([{ day: '2026-03-30', views: 1 }]);
    expect(counts(await report('2026-03-29', '2026-03-30'))).toEqual(expected);
  });

  it('keeps the October clock change’s 25-hour day whole, and a view at 23:30 UTC before it on the next date', async () => {
    // Saturday 24 October, 23:30 UTC (BST): 00:30 on Sunday 25 October in London.
    clock.set(Date.parse('2026-10-24T23:30:00Z'));
    await view('/', '203.0.113.31');
    // Sunday 25 October, 23:30 UTC: the clocks went back at 01:00 UTC, so this is 23:30 GMT, still the 25th.
    clock.advance(24 * HOUR_MS);
    await view('/', '203.0.113.32');
    // An hour later it is Monday 26 October in London and in UTC alike.
    clock.advance(HOUR_MS);
    await view('/', '203.0.113.33');
    // A day's first view waits for the day's salt, then for the recorder's next batch.
    await vi.waitFor(
      async () =>
        expect(counts(await report('2026-10-24', '2026-10-26'))).toEqual([
          ['2026-10-24', 0, 0],
          ['2026-10-25', 2, 0],
          ['2026-10-26', 1, 0],
        ]),
      { timeout: 5000, interval: 100 },
    );
  });

  it('deletes the salt of October’s 25-hour day 48 hours after it began, not 49', async () => {
    const { db } = subject.database;
    await db.deleteFrom('analytics_salts').execute();
    await db.insertInto('analytics_salts').values({ day: '2026-10-25', salt: 'test-salt' }).execute();
    const kept = async () => (await db.selectFrom('analytics_salts').select('day').execute()).map((row) => row.day);
    // 25 October began at 23:00 UTC on the 24th (midnight BST) and lasted 25 hours.
    const began = Date.parse('2026-10-24T23:00:00Z');
    await deleteOldSalts(db, new Date(began + 48 * HOUR_MS - 1000));
    expect(await kept()).toEqual(['2026-10-25']);
    await deleteOldSalts(db, new Date(began + 48 * HOUR_MS));
    expect(await kept()).toEqual([]);
  });
});
