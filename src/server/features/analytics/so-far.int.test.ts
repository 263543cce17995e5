import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import type { InsightsReport } from '../../../shared/analytics/insights';
import { londonDate } from '../../../shared/london-time';
import type { VisitSource } from './classify';
import { createRecorder } from './recorder';
import { foldSoFar } from './retention';

const KEY = 'so-far-test-key-0123456789abcdef';

const DIRECT: VisitSource = { channel: 'direct', source: null, medium: null, campaign: null };
const SEARCH: VisitSource = { channel: 'search', source: 'google.co.uk', medium: null, campaign: null };
const ADVERT: VisitSource = { channel: 'campaign', source: 'facebook', medium: 'paid', campaign: 'spring-gcse' };

/**
 * The fold of the days not yet totalled (decision 0082): every few minutes a job folds the views
 * received more than 10 minutes ago into `analytics_so_far`, and the report reads those days from
 * it and the raw views after it. Whenever it runs, whatever is recorded meanwhile, and across
 * London's midnight and clock changes, the report's figures are those of the raw views alone (the
 * previous release's reading, got here by undoing the fold), and the retention run's totals too.
 */
describe('Insights over views folded so far (decision 0082)', () => {
  let subject: TestApp;
  const clock = movableClock(Date.parse('2026-03-02T09:00:00Z'));

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: clock.now });
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  /** A view received at `at` (ISO), on its London date, `views` times in one batch. */
  const view = (at: string, visitor: string, path: string, from: VisitSource = DIRECT, views = 1) =>
    db()
      .insertInto('analytics_views')
      .values({ at, day: londonDate(new Date(at)), visitor, path, ...from, views })
      .execute();
  const report = async (from: string, to: string) => {
    const answer = await subject.app.inject({
      url: `/api/admin/insights?from=${from}&to=${to}`,
      headers: { 'x-api-key': KEY },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<InsightsReport>();
  };
  const fold = () => subject.features.analytics.foldSoFar();
  /** Forgets the fold: the days not totalled are read from their raw views alone, as before it. */
  const unfold = async () => {
    await db().deleteFrom('analytics_so_far').execute();
    await db().updateTable('analytics_days').set({ so_far_until: null, so_far_id: null }).execute();
  };
  const folded = async () =>
    (await db().selectFrom('analytics_days').select(['day', 'so_far_until']).orderBy('day').execute()).filter(
      (row) => row.so_far_until !== null,
    );
  /**
   * The report of `from`..`to` as it reads now (folded), equal to the report of the raw views alone,
   * and again once folded afresh from nothing (so the order of folds changes nothing either).
   */
  const sameAsRaw = async (from: string, to: string) => {
    const asRead = await report(from, to);
    await unfold();
    const raw = await report(from, to);
    expect(asRead).toEqual(raw);
    await fold();
    expect(await report(from, to)).toEqual(raw);
    return raw;
  };
  /**
   * A report's figures, its channels by name: a day's totals are read after the raw views of the
   * days not totalled, so once the retention run totals a day two channels that tie may swap
   * places (as they always could). The fold moves nothing: without it, the order is compared too.
   */
  const figures = (body: InsightsReport) => ({
    ...body,
    channels: [...body.channels].sort((a, b) => a.channel.localeCompare(b.channel)),
  });
  const reset = async () => {
    for (const table of ['analytics_views', 'analytics_days', 'analytics_daily', 'analytics_so_far'] as const)
      await db().deleteFrom(table).execute();
  };

  it('reads a day from its folded views and the raw views after them with the same figures, until it is totalled', async () => {
    await reset();
    // Monday 2 March 2026 (GMT). A family from the advert reads three pages over an hour; another
    // comes direct; a third from a search straddles the fold, and reads one page twice in a batch.
    await view('2026-03-02T09:00:00.000Z', 'family-a', '/exam-resits', ADVERT);
    await view('2026-03-02T09:10:00.000Z', 'family-b', '/');
    await view('2026-03-02T09:20:00.000Z', 'family-a', '/free-assessment', DIRECT);
    await view('2026-03-02T09:45:00.000Z', 'family-c', '/subjects', SEARCH);
    await view('2026-03-02T09:55:00.000Z', 'family-c', '/free-assessment', DIRECT, 2);
    await view('2026-03-02T10:05:00.000Z', 'family-a', '/contact', DIRECT);
    clock.set(Date.parse('2026-03-02T10:07:00Z'));
    const raw = await report('2026-03-01', '2026-03-02');
    expect(raw.days.map((day) => [day.day, day.visitors, day.views])).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 3, 7],
    ]);
    expect(raw.entryPages.map((page) => [page.path, page.visits])).toEqual([
      ['/', 1],
      ['/exam-resits', 1],
      ['/subjects', 1],
    ]);
    expect(raw.pages.find((page) => page.path === '/free-assessment')).toEqual({
      path: '/free-assessment',
      views: 3,
      entries: 0,
    });
    expect(raw.funnel.totals.current.visits).toBe(3);

    // Folded up to 09:57: family A's first two views, B's, and C's three; A's third is read raw.
    expect(await fold()).toBe(6);
    expect(await folded()).toEqual([{ day: '2026-03-02', so_far_until: '2026-03-02T09:57:00.000Z' }]);
    expect(await report('2026-03-01', '2026-03-02')).toEqual(raw);
    // A fold before its 10 minutes are up folds nothing more, however often it runs.
    expect(await fold()).toBe(0);
    expect(await sameAsRaw('2026-03-01', '2026-03-02')).toEqual(raw);

    // More views, read raw until the next fold; then folded too.
    await view('2026-03-02T10:30:00.000Z', 'family-b', '/subjects', DIRECT);
    await view('2026-03-02T10:31:00.000Z', 'family-d', '/exam-resits', ADVERT);
    clock.set(Date.parse('2026-03-02T10:45:00Z'));
    const later = await sameAsRaw('2026-03-01', '2026-03-02');
    expect(later.totals).toMatchObject({ visitors: 4, views: 9 });
    expect(await db().selectFrom('analytics_so_far').select('views').execute()).not.toEqual([]);

    // Once the day is over the retention run totals it from its raw views and deletes what was folded.
    clock.set(Date.parse('2026-03-03T00:15:00Z'));
    await fold();
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(9);
    expect(await db().selectFrom('analytics_so_far').selectAll().execute()).toEqual([]);
    expect(await folded()).toEqual([]);
    expect(figures(await report('2026-03-01', '2026-03-02'))).toEqual(figures(later));
  });

  it('counts a view recorded while the fold runs once, whichever side of it it lands', async () => {
    await reset();
    clock.set(Date.parse('2026-03-04T12:00:00Z'));
    const recorder = createRecorder(subject.database, clock.now, {
      flushMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    try {
      const visit = (visitor: string) => ({ day: '2026-03-04', visitor });
      recorder.view(visit('family-e'), '/', SEARCH);
      recorder.view(visit('family-f'), '/subjects', DIRECT);
      await recorder.flush();
      clock.set(Date.parse('2026-03-04T12:20:00Z'));
      // Family E reads on, and family G arrives, while the job folds: the recorder's batch and
      // the fold share the group commit, in whichever order they reach it.
      recorder.view(visit('family-e'), '/free-assessment', DIRECT);
      recorder.view(visit('family-g'), '/exam-resits', ADVERT);
      const [foldedViews] = await Promise.all([fold(), recorder.flush()]);
      expect(foldedViews).toBe(2);
      const both = await sameAsRaw('2026-03-04', '2026-03-04');
      expect(both.totals).toMatchObject({ visitors: 3, views: 4 });

      // Within the fold's own transaction, after it has read: a view of now, and one received
      // long ago that reaches the database only now (a new visitor's); both are read raw, by id.
      clock.set(Date.parse('2026-03-04T12:40:00Z'));
      await subject.database.writes.run(async (trx) => {
        expect(await foldSoFar(trx, clock.now())).toBe(2);
        await trx
          .insertInto('analytics_views')
          .values([
            { at: '2026-03-04T12:40:00.000Z', day: '2026-03-04', visitor: 'family-e', path: '/contact', ...DIRECT },
            { at: '2026-03-04T12:01:00.000Z', day: '2026-03-04', visitor: 'family-h', path: '/blog', ...SEARCH },
          ])
          .execute();
      });
      const late = await report('2026-03-04', '2026-03-04');
      expect(late.totals).toMatchObject({ visitors: 4, views: 6 });
      expect(await sameAsRaw('2026-03-04', '2026-03-04')).toEqual(late);
    } finally {
      await recorder.close();
    }
  });

  it('folds on the centre’s (London) days across midnight in summer time and the spring clock change', async () => {
    await reset();
    // Sunday 29 March 2026: the clocks went forward at 01:00 UTC. 22:50 UTC is 23:50 BST on the
    // 29th; 23:05 and 23:30 UTC are 00:05 and 00:30 BST on Monday the 30th.
    await view('2026-03-29T00:30:00.000Z', 'family-i', '/', SEARCH);
    await view('2026-03-29T01:30:00.000Z', 'family-i', '/subjects');
    await view('2026-03-29T22:50:00.000Z', 'family-j', '/exam-resits', ADVERT);
    await view('2026-03-29T23:05:00.000Z', 'family-j', '/free-assessment');
    await view('2026-03-29T23:30:00.000Z', 'family-j', '/contact');
    clock.set(Date.parse('2026-03-29T23:20:00Z'));
    // Folded up to 00:10 BST: all of the 29th and the 30th's first view (family J's second visit).
    expect(await fold()).toBe(4);
    expect(await folded()).toEqual([
      { day: '2026-03-29', so_far_until: '2026-03-29T23:10:00.000Z' },
      { day: '2026-03-30', so_far_until: '2026-03-29T23:10:00.000Z' },
    ]);
    const spring = await sameAsRaw('2026-03-28', '2026-03-30');
    expect(spring.days.map((day) => [day.day, day.visitors, day.views])).toEqual([
      ['2026-03-28', 0, 0],
      ['2026-03-29', 2, 3],
      ['2026-03-30', 1, 2],
    ]);
    // At 00:30 BST the retention run totals the 29th (over 10 minutes ago); the 30th stays folded.
    clock.set(Date.parse('2026-03-29T23:30:00Z'));
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(3);
    expect(
      (await db().selectFrom('analytics_so_far').select('day').distinct().execute()).map((row) => row.day),
    ).toEqual(['2026-03-30']);
    expect(figures(await sameAsRaw('2026-03-28', '2026-03-30'))).toEqual(figures(spring));
  });

  it('folds the 25-hour day of the autumn clock change whole, in the hour that comes twice too', async () => {
    await reset();
    // Sunday 25 October 2026 has 25 hours: 00:30 UTC is 01:30 BST, 01:30 UTC is 01:30 GMT again.
    await view('2026-10-24T23:10:00.000Z', 'family-k', '/', SEARCH);
    await view('2026-10-25T00:30:00.000Z', 'family-k', '/subjects');
    await view('2026-10-25T01:30:00.000Z', 'family-k', '/contact');
    await view('2026-10-25T01:45:00.000Z', 'family-l', '/blog', DIRECT);
    await view('2026-10-25T23:30:00.000Z', 'family-l', '/exam-resits', ADVERT);
    await view('2026-10-26T00:05:00.000Z', 'family-m', '/', DIRECT);
    // Folded in the hour that comes twice: up to 01:40 GMT.
    clock.set(Date.parse('2026-10-25T01:50:00Z'));
    expect(await fold()).toBe(3);
    const autumn = await sameAsRaw('2026-10-24', '2026-10-26');
    expect(autumn.days.map((day) => [day.day, day.visitors, day.views])).toEqual([
      ['2026-10-24', 0, 0],
      ['2026-10-25', 2, 5],
      ['2026-10-26', 1, 1],
    ]);
    // Folded at 23:55 GMT on the 25th, then at 00:15 on the 26th, then totalled.
    clock.set(Date.parse('2026-10-26T00:05:00Z'));
    expect(await fold()).toBe(2);
    clock.set(Date.parse('2026-10-26T00:25:00Z'));
    expect(await fold()).toBe(1);
    expect(await sameAsRaw('2026-10-24', '2026-10-26')).toEqual(autumn);
    expect(await subject.features.analytics.rollUpAndExpire()).toBe(5);
    expect(figures(await sameAsRaw('2026-10-24', '2026-10-26'))).toEqual(figures(autumn));
  });

  it('ignores, then deletes, what was folded of a day a previous release totalled', async () => {
    await reset();
    await view('2026-03-05T09:00:00.000Z', 'family-n', '/', SEARCH);
    await view('2026-03-05T09:05:00.000Z', 'family-n', '/subjects');
    clock.set(Date.parse('2026-03-05T09:30:00Z'));
    expect(await fold()).toBe(2);
    const before = await report('2026-03-05', '2026-03-06');
    // A rollback: the previous release totals the day from its raw views and knows nothing of the fold.
    clock.set(Date.parse('2026-03-06T01:00:00Z'));
    await subject.features.analytics.rollUpAndExpire();
    await db()
      .insertInto('analytics_so_far')
      .values({
        day: '2026-03-05',
        path: '/',
        channel: 'search',
        source: 'google.co.uk',
        medium: '',
        campaign: '',
        views: 1,
        entries: 1,
      })
      .execute();
    expect(figures(await report('2026-03-05', '2026-03-06'))).toEqual(figures(before));
    expect(await fold()).toBe(0);
    expect(await db().selectFrom('analytics_so_far').selectAll().execute()).toEqual([]);
  });
});
