import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';
import type { InsightsReport } from '../../../shared/analytics/insights';
import type { BlogPost } from '../../../shared/blog/blog';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';

const PERSON = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'accept-language': 'en-GB,en;q=0.9',
};
let addresses = 0;
const freshAddress = () => `203.0.113.${++addresses}`;
let showings = 0;
/** A new showing's id, as unique as a page's (16 to 64 letters, digits, - or _). */
const newShowing = () => `shown-${++showings}`.padEnd(22, '_');

/**
 * The beacon and the page route count only the site's own pages, each showing once, and no address
 * beyond its share (issue 49), with two processes on one database.
 */
describe('what a page view is, and what is dropped (decision 0065)', () => {
  let subject: TestApp;
  let other: FastifyInstance;
  /** Closes the second process, then its connection (its last views are written as it closes). */
  let closeOther: () => Promise<void>;
  let post: BlogPost;
  let draft: BlogPost;
  // One minute for every test: an address's share is counted per minute of the clock, and a burst
  // that straddled a minute on the real one would start its count afresh halfway.
  const clock = movableClock(Date.parse('2026-12-01T12:00:20.000Z'));

  beforeAll(async () => {
    subject = await createTestApp({ clock: clock.now, env: { ADMIN_API_KEY: testAdminKey } });
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    closeOther = async () => {
      await other.close();
      await database.close();
    };
    other = await buildApp({ config: subject.config, database, clock: clock.now });
    await other.ready();
    const write = async (overrides: Record<string, unknown>) =>
      (
        await subject.app.inject({
          method: 'POST',
          url: '/api/admin/blog',
          headers: adminHeaders,
          payload: postInput(overrides),
        })
      ).json<BlogPost>();
    post = await write({ title: 'Counted post' });
    draft = await write({ title: 'Draft not counted', published: 'false' });
  });
  afterAll(async () => {
    await closeOther();
    await subject.close();
  });
  /** Marker views sent in this test: each process's batch is written once all of them are in. */
  let markers = 0;
  beforeEach(async () => {
    markers = 0;
    await subject.database.db.deleteFrom('analytics_views').execute();
    await subject.database.db.deleteFrom('analytics_days').execute();
  });

  const beacon = (page: string, ip: string, showing = newShowing(), app = subject.app) =>
    app.inject({
      method: 'POST',
      url: '/api/page-views',
      remoteAddress: ip,
      headers: PERSON,
      payload: { page, showing },
    });
  const view = (url: string, ip: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ url, remoteAddress: ip, headers: { ...PERSON, ...headers } });
  /** Both processes' batches written (each writes its own within a second), then the rows. */
  const written = async () => {
    const marker = freshAddress();
    await view('/terms', marker);
    await other.inject({ url: '/terms', remoteAddress: marker, headers: PERSON });
    markers += 2;
    await vi.waitFor(
      async () => {
        const terms = await subject.database.db
          .selectFrom('analytics_views')
          .select((eb) => eb.fn.sum<number>('views').as('views'))
          .where('path', '=', '/terms')
          .executeTakeFirst();
        expect(Number(terms?.views ?? 0)).toBe(markers);
      },
      { timeout: 5000, interval: 50 },
    );
    return subject.database.db
      .selectFrom('analytics_views')
      .selectAll()
      .where('path', '!=', '/terms')
      .orderBy('id')
      .execute();
  };
  const viewsOf = (rows: { path: string; views: number }[]) => {
    const totals: Record<string, number> = {};
    for (const row of rows) totals[row.path] = (totals[row.path] ?? 0) + row.views;
    return totals;
  };

  it('counts a beacon only for a public page, a published post or the not-found page', async () => {
    const ip = freshAddress();
    for (const page of [
      '/contact',
      `/blog/${post.slug}?utm_source=newsletter`,
      '/404',
      `/blog/${draft.slug}`,
      '/blog/no-such-post',
      '/junk-page',
      '/free-assessment/cancel?token=abc',
      '/admin/site',
      '/sitemap.xml',
    ])
      expect((await beacon(page, ip)).statusCode).toBe(204);
    const rows = await written();
    expect(viewsOf(rows)).toEqual({ '/contact': 1, [`/blog/${post.slug}`]: 1, '/404': 1 });
    expect(rows.find((row) => row.path === `/blog/${post.slug}`)?.source).toBe('newsletter');
  });

  it('counts a post published a moment ago', async () => {
    const ip = freshAddress();
    const fresh = (
      await subject.app.inject({ method: 'POST', url: '/api/admin/blog', headers: adminHeaders, payload: postInput() })
    ).json<BlogPost>();
    await beacon(`/blog/${fresh.slug}`, ip);
    expect(viewsOf(await written())).toEqual({ [`/blog/${fresh.slug}`]: 1 });
  });

  it('a flood of made-up paths adds no row and no page to the report', async () => {
    const ip = freshAddress();
    await beacon('/contact', ip);
    const before = await written();
    const day = before[0]!.day;
    const reportedPages = async () => {
      const answer = await subject.app.inject({
        url: `/api/admin/insights?from=${day}&to=${day}`,
        headers: adminHeaders,
      });
      // The marker views that show every batch has been written are no part of it.
      return answer.json<InsightsReport>().pages.filter((page) => page.path !== '/terms');
    };
    expect(await reportedPages()).toEqual([{ path: '/contact', views: 1, entries: 1 }]);

    // 10,000 of one made-up path and 2,000 one-off ones, from one address, some to each process.
    const flood = Array.from({ length: 12_000 }, (_, n) => (n < 10_000 ? '/junk-page' : `/junk-${n}?utm_source=x${n}`));
    for (let start = 0; start < flood.length; start += 200) {
      const answers = await Promise.all(
        flood.slice(start, start + 200).map((page, n) => beacon(page, ip, newShowing(), n % 2 ? other : subject.app)),
      );
      expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    }
    expect(await written()).toEqual(before);
    expect(await reportedPages()).toEqual([{ path: '/contact', views: 1, entries: 1 }]);
    const days = await subject.database.db.selectFrom('analytics_days').select('left_out').execute();
    expect(days.reduce((sum, row) => sum + row.left_out, 0)).toBe(0);
  });

  it('counts one showing once, however often and to whichever process its beacon comes', async () => {
    const ip = freshAddress();
    const showing = newShowing();
    const copies = await Promise.all(
      Array.from({ length: 6 }, (_, n) => beacon('/subjects', ip, showing, n % 2 ? other : subject.app)),
    );
    expect(copies.map((answer) => answer.statusCode)).toEqual(Array(6).fill(204));
    await beacon('/subjects', ip, showing);
    await beacon('/subjects', ip);
    expect(viewsOf(await written())).toEqual({ '/subjects': 2 });
  });

  it('counts a page shown again from the browser’s copy (304), and a missing page as the not-found page with its source', async () => {
    const ip = freshAddress();
    const first = await view('/exam-resits', ip);
    const again = await view('/exam-resits', ip, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await view('/no-such-page?utm_source=leaflet', freshAddress())).statusCode).toBe(404);
    expect((await view('/blog/no-such-post', ip)).statusCode).toBe(404);
    // Files and the admin area are no pages.
    expect((await view('/wp-login.php', ip)).statusCode).toBe(404);
    expect((await view('/admin/no-such-screen', ip)).statusCode).toBe(404);
    const rows = await written();
    expect(viewsOf(rows)).toEqual({ '/exam-resits': 2, '/404': 2 });
    expect(rows.filter((row) => row.path === '/404').map((row) => row.source)).toContain('leaflet');
  });

  it('leaves out an address’s views past 120 a minute (an IPv6 household by its /64), and no one else’s', async () => {
    const ip = freshAddress();
    await Promise.all(Array.from({ length: 130 }, () => view('/', ip)));
    await Promise.all(Array.from({ length: 130 }, (_, n) => view('/subjects', `2001:db8:49:1::${(n % 3) + 1}`)));
    await view('/', freshAddress());
    const rows = await written();
    expect(viewsOf(rows)).toEqual({ '/': 121, '/subjects': 120 });
    const days = await subject.database.db.selectFrom('analytics_days').select('left_out').execute();
    expect(days.reduce((sum, day) => sum + day.left_out, 0)).toBe(20);
  });

  it('counts an address afresh in the next minute of the clock, not before', async () => {
    const ip = freshAddress();
    await Promise.all(Array.from({ length: 121 }, () => view('/', ip)));
    await view('/', ip);
    clock.advance(60_000);
    await view('/', ip);
    expect(viewsOf(await written())).toEqual({ '/': 121 });
  });

  it('keeps sources and campaigns to 100 characters, and the beacon’s page to 2,000', async () => {
    const ip = freshAddress();
    const long = 'a'.repeat(500);
    await view(`/?utm_source=${long}&utm_campaign=${long}&utm_medium=${long}`, ip);
    expect((await beacon(`/contact?${'x'.repeat(2000)}`, ip)).json()).toMatchObject({ field: 'page' });
    const [row] = await written();
    expect([row?.source?.length, row?.campaign?.length, row?.medium?.length]).toEqual([100, 100, 100]);
  });
});
