import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { loggableError } from '../log-redaction';
import { answers, notJson } from '../responses';
import { answerMetricsCollection, siteMetricsFromPrimary } from '../metrics/cluster-metrics';
import { createProcessMetrics } from '../metrics/process-metrics';
import { pageCacheStats } from '../rendering/page-cache-stats';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route does not exist (decision 0024). Labels are bounded: the route
 * pattern ("/api/blog/:slug", "/*" for every page), never the requested URL. In a cluster worker
 * the answer is the whole site's, added up by the primary (decision 0027).
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, database, clock }: AppContext,
  { clusterWorker = false }: { clusterWorker?: boolean } = {},
): void {
  const token = config.metricsToken;
  if (!token) return;
  const metrics = createProcessMetrics(database, clusterWorker ? 'worker' : 'alone', clock);
  const registry = metrics.registry;

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
    help: 'Rendered-page cache lookups, by result',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, pageCacheStats.hits);
      this.inc({ result: 'miss' }, pageCacheStats.misses);
    },
  });

  if (clusterWorker) {
    const stopAnswering = answerMetricsCollection(metrics);
    app.addHook('onClose', async () => stopAnswering());
  }

  const expected = sha256(`Bearer ${token}`);
  app.get(
    '/metrics',
    { schema: { response: answers({ 200: notJson('Prometheus text format') }) } },
    async (request, reply) => {
      // Hashing both sides gives equal lengths, so the comparison takes the same time for any guess.
      if (!crypto.timingSafeEqual(sha256(request.headers.authorization ?? ''), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'UNAUTHORIZED', 'Metrics need the METRICS_TOKEN as a bearer token.');
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      if (!clusterWorker) return metrics.text();
      try {
        return await siteMetricsFromPrimary();
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, 'metrics: no answer from the primary process');
        reply.header('retry-after', '5');
        throw new AppError(503, 'UNAVAILABLE', 'The metrics could not be gathered; try again shortly.');
      }
    },
  );
}
