import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { contact } from '../../../../tests/support/enquiries-payloads';
import type { InsightsReport } from '../../../shared/analytics/insights';
import { staticPublicPaths } from '../../../shared/routes';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';

const KEY = 'first-touch-test-key-0123456789abcdef';
const OWN = 'https://www.example.test';
const PERSON = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'accept-language': 'en-GB,en;q=0.9',
};

/** Where a visit came from, as its landing request says it, and the source Insights names. */
const origins = [
  { query: '?utm_source=facebook&utm_campaign=spring-gcse', source: 'facebook', campaign: 'spring-gcse' },
  { referer: 'https://www.google.co.uk/', source: 'google.co.uk', campaign: null },
  { query: '?utm_source=newsletter&utm_medium=email', source: 'newsletter', campaign: null },
  { query: '?ref=leaflet', source: 'leaflet', campaign: null },
  { source: null, campaign: null },
] as const;

/** A small deterministic generator, so a failure can be run again the same way. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

/**
 * Issue 49: every enquiry carries its visit's landing source, and Insights counts every page shown
 * exactly once, when a visit's pages, beacons and enquiry reach two processes (two apps, each with
 * its own connection to the one database, as two workers or two instances have) in any mix, all
 * within the second each holds its views before writing them.
 */
describe('first touch and every showing once, across two processes', () => {
  let subject: TestApp;
  let other: FastifyInstance;
  /** Closes the second process, then its connection (its last views are written as it closes). */
  let closeOther: () => Promise<void>;
  // A real clock moves on between one visitor's pages (a person's are far more than a millisecond
  // apart); here every reading is a millisecond on, so the simulated visitors are as quick as can be.
  let now = Date.parse('2026-03-02T09:00:00Z');
  const clock = () => new Date(now++);

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY, ENQUIRY_RATE_LIMIT: '100000' }, clock });
    const database = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
    closeOther = async () => {
      await other.close();
      await database.close();
    };
    other = await buildApp({ config: subject.config, database, clock });
    await other.ready();
  });
  afterAll(async () => {
    await closeOther();
    await subject.close();
  });

  /** One visitor: lands with a source, then 3 to 6 pages in place (prefetched, then told by beacon) or loaded whole, then writes. */
  async function visit(n: number) {
    const random = seeded(n + 1);
    const app = () => (random(2) === 0 ? subject.app : other);
    const origin = origins[n % origins.length]!;
    const headers = { ...PERSON };
    const remoteAddress = n % 3 === 0 ? `2001:db8:49:${n}::1` : `198.51.100.${n + 1}`;
    const page = () => staticPublicPaths[random(staticPublicPaths.length)]!;

    const landing = page();
    const landingApp = app();
    await landingApp.inject({
      url: landing + ('query' in origin ? origin.query : ''),
      remoteAddress,
      headers: { ...headers, ...('referer' in origin ? { referer: origin.referer } : {}) },
    });
    let shown = 1;
    let at = landing;
    for (let step = 0, pages = 3 + random(4); step < pages; step++) {
      const next = page();
      // A link hovered and never followed: fetched, never shown.
      await app().inject({ url: page(), remoteAddress, headers: { ...headers, purpose: 'prefetch' } });
      if (random(2) === 0) {
        await app().inject({ url: next, remoteAddress, headers: { ...headers, referer: OWN + at } });
      } else {
        await app().inject({ url: next, remoteAddress, headers: { ...headers, purpose: 'prefetch' } });
        const showing = `v${n}s${step}`.padEnd(22, '-');
        const beacon = {
          method: 'POST' as const,
          url: '/api/page-views',
          remoteAddress,
          headers,
          payload: { page: next, showing },
        };
        const sent = await app().inject(beacon);
        expect(sent.statusCode).toBe(204);
        // Now and then the same showing again, to either process: counted once.
        if (random(3) === 0) expect((await app().inject(beacon)).statusCode).toBe(204);
      }
      shown += 1;
      at = next;
    }
    // The enquiry goes to the process that did not serve the landing page: its own batch holds the
    // later pages, the other's the landing, unwritten for up to a second.
    const answer = await (landingApp === subject.app ? other : subject.app).inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress,
      headers: { ...headers, referer: OWN + at },
      payload: { ...contact, email: `parent${n}@example.com` },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return { id: answer.json<{ id: number }>().id, landing, origin, shown };
  }

  it('fifty visitors at once: each enquiry has its landing page and source, and Insights counts each page shown once per source', async () => {
    const visits = await Promise.all(Array.from({ length: 50 }, (_, n) => visit(n)));

    const expected = visits
      .map(({ id, landing, origin }) => ({ id, landing, source: origin.source, campaign: origin.campaign }))
      .sort((a, b) => a.id - b.id);
    const recorded = async () =>
      (
        await subject.database.db
          .selectFrom('analytics_attribution')
          .select(['enquiry_id as id', 'landing_path as landing', 'source', 'campaign'])
          .orderBy('enquiry_id')
          .execute()
      ).map((row) => ({ ...row, id: Number(row.id) }));
    // Right at once each is what its own process knew; within SETTLE_MS (2.5 s) each is its landing's.
    await vi.waitFor(async () => expect(await recorded()).toEqual(expected), { timeout: 15_000, interval: 250 });

    const shownPerSource: Record<string, [number, number, number]> = {};
    for (const { origin, shown } of visits) {
      const row = (shownPerSource[origin.source ?? 'direct'] ??= [0, 0, 0]);
      row[0] += shown;
      row[1] += 1;
      row[2] += 1;
    }
    const report = async () => {
      const answer = await subject.app.inject({
        url: '/api/admin/insights?from=2026-03-02&to=2026-03-02',
        headers: { 'x-api-key': KEY },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<InsightsReport>();
    };
    // Each process writes the views it holds within a second.
    await vi.waitFor(
      async () => {
        const { sources, totals } = await report();
        const perSource = Object.fromEntries(
          sources.map((row) => [row.source ?? 'direct', [row.views, row.visits, row.enquiries]]),
        );
        expect(perSource).toEqual(shownPerSource);
        expect(totals.views).toBe(visits.reduce((sum, { shown }) => sum + shown, 0));
        expect(totals.visitors).toBe(50);
      },
      { timeout: 10_000, interval: 250 },
    );
  });
});
