import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { enqueueEmail, markAttemptFailed } from '../mail/outbox';
import { createTestApp, type TestApp } from '../../../tests/support/app';

const token = 'metrics-token-for-the-scraper-0123456789';
const scrapeHeaders = { authorization: `Bearer ${token}` };

/** The value of one sample line, e.g. sample(text, 'http_requests_total{method="GET",…}'). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let subject: TestApp | undefined;
  afterEach(() => subject?.close());

  const scrape = async () => {
    const response = await subject!.app.inject({ url: '/metrics', headers: scrapeHeaders });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('does not exist without METRICS_TOKEN', async () => {
    subject = await createTestApp();
    const response = await subject.app.inject({ url: '/metrics', headers: scrapeHeaders });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
  });

  it('refuses a guessable METRICS_TOKEN at start, naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
  });

  it('answers 401 in our error shape without the token or with a wrong one', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: token } });
    for (const authorization of [undefined, `Bearer ${token}x`, token, `Bearer ${token.slice(1)}`]) {
      const response = await subject.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(response.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('serves the Prometheus text format with process, request, cache, outbox and pool series', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: token } });
    await subject.app.inject('/api/health');
    const response = await subject.app.inject({ url: '/metrics', headers: scrapeHeaders });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const declaration of [
      '# TYPE http_requests_total counter',
      '# TYPE http_request_duration_seconds histogram',
      '# TYPE page_cache_lookups_total counter',
      '# TYPE mail_outbox_messages gauge',
      '# TYPE mail_outbox_oldest_pending_age_seconds gauge',
      '# TYPE mail_send_failures_total counter',
      '# TYPE process_resident_memory_bytes gauge',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
    ]) {
      expect(response.body).toContain(declaration);
    }
    expect(response.body.includes('# TYPE db_pool_connections gauge')).toBe(subject.database.engine === 'postgres');
    // One process serving alone reports itself (a cluster's scrape counts its workers and primary).
    expect(response.body).toContain('metrics_processes{role="alone"} 1');
    if (subject.database.engine === 'postgres') {
      // An idle site: the scrape's own outbox queries are not counted as requests waiting.
      expect(sample(response.body, 'db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(response.body, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });

  it('counts requests by route pattern and status, never by the requested address', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: token } });
    const series = 'http_requests_total{method="GET",route="/api/blog/:slug",status="404"}';
    const before = sample(await scrape(), series);
    await subject.app.inject('/api/blog/no-such-post-one');
    await subject.app.inject('/api/blog/no-such-post-two?utm=x');
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 2);
    expect(after).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/blog/:slug",status="404"}',
    );
    expect(after).not.toContain('no-such-post');
  });

  it('counts page-cache hits and misses', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: token, PAGE_CACHE_MS: '60000' } });
    const before = await scrape();
    await subject.app.inject('/about-page-for-metrics');
    await subject.app.inject('/about-page-for-metrics');
    const after = await scrape();
    const hit = 'page_cache_lookups_total{result="hit"}';
    const miss = 'page_cache_lookups_total{result="miss"}';
    expect(sample(after, miss)).toBe(sample(before, miss) + 1);
    expect(sample(after, hit)).toBe(sample(before, hit) + 1);
  });

  it('reports the outbox from the database: depth, oldest pending age and failed sends', async () => {
    subject = await createTestApp({ env: { METRICS_TOKEN: token } });
    const empty = await scrape();
    expect(sample(empty, 'mail_outbox_messages{status="pending"}')).toBe(0);
    expect(sample(empty, 'mail_outbox_oldest_pending_age_seconds')).toBe(0);

    const db = subject.database.db;
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const mail = { recipient: 'office@example.test', subject: 'New enquiry', body: 'Hello' };
    await enqueueEmail(db, mail, anHourAgo);
    await enqueueEmail(db, mail, new Date());
    const [first] = await db.selectFrom('email_outbox').select('id').orderBy('id').execute();
    await markAttemptFailed(db, first!.id, 'connection refused', new Date(Date.now() + 60_000));

    const text = await scrape();
    expect(sample(text, 'mail_outbox_messages{status="pending"}')).toBe(2);
    expect(sample(text, 'mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sample(text, 'mail_send_failures_total')).toBe(1);

    await markAttemptFailed(db, first!.id, 'connection refused', undefined); // gave up
    const later = await scrape();
    expect(sample(later, 'mail_outbox_messages{status="failed"}')).toBe(1);
    expect(sample(later, 'mail_outbox_messages{status="pending"}')).toBe(1);
    expect(sample(later, 'mail_send_failures_total')).toBe(2);
  });
});
