import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { pageCacheStats } from '../rendering/page-cache-stats';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route does not exist (decision 0024). Labels are bounded: the route
 * pattern ("/api/blog/:slug", "/*" for every page), never the requested URL.
 */
export function registerMetrics(app: FastifyInstance, { config, database }: AppContext): void {
  const token = config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // memory, CPU, event-loop lag, handles

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response sent',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // routeOptions.url is the pattern the router matched; unmatched requests share one label.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  new Counter({
    name: 'page_cache_lookups_total',
    help: 'Rendered-page cache lookups in this process, by result',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, pageCacheStats.hits);
      this.inc({ result: 'miss' }, pageCacheStats.misses);
    },
  });

  // Read from the database at scrape time, so every instance reports the one shared outbox.
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Staff notification e-mails in the outbox, by status (failed: given up after every retry)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await database.db
        .selectFrom('email_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      for (const status of ['pending', 'sent', 'failed']) {
        this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
      }
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (0 when none)',
    registers: [registry],
    async collect() {
      const row = await database.db
        .selectFrom('email_outbox')
        .select(sql<string | null>`min(created_at)`.as('oldest'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(row.oldest) : undefined;
      this.set(oldest ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
    },
  });
  new Counter({
    name: 'mail_send_failures_total',
    help: 'Failed attempts to send staff e-mail (each retry counts), over the outbox history',
    registers: [registry],
    async collect() {
      const row = await database.db
        .selectFrom('email_outbox')
        .select(
          sql<number>`coalesce(sum(case when status = 'sent' then attempts - 1 else attempts end), 0)`.as('failures'),
        )
        .executeTakeFirst();
      this.reset();
      this.inc(Number(row?.failures ?? 0));
    },
  });
  // Read by the route just before the outbox queries above borrow connections: a scrape must not
  // report its own queries as pool use.
  let poolAtScrape = database.poolStats?.();
  if (poolAtScrape) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connection pool of this process: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        if (!poolAtScrape) return;
        this.set({ state: 'total' }, poolAtScrape.total);
        this.set({ state: 'idle' }, poolAtScrape.idle);
        this.set({ state: 'waiting' }, poolAtScrape.waiting);
      },
    });
  }

  const expected = sha256(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    // Hashing both sides gives equal lengths, so the comparison takes the same time for any guess.
    if (!crypto.timingSafeEqual(sha256(request.headers.authorization ?? ''), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'UNAUTHORIZED', 'Metrics need the METRICS_TOKEN as a bearer token.');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    poolAtScrape = database.poolStats?.();
    return registry.metrics();
  });
}
