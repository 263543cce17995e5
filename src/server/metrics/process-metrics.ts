import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../../shared/clock';
import type { Database } from '../db/connection';
import { registerOutboxMetrics } from './outbox-metrics';

/** alone: WEB_CONCURRENCY=1; primary and worker: a cluster (decision 0015). */
export type ProcessRole = 'alone' | 'primary' | 'worker';

/** One process's series as prom-client writes them to JSON, which the cluster primary adds up. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export interface ProcessMetrics {
  registry: Registry;
  /** This process's series, for the primary to add up with the others'. */
  collect(): Promise<MetricsJson>;
  /** This process's series in Prometheus text format (a process serving alone). */
  text(): Promise<string>;
}

/**
 * The series every process reports about itself (memory, CPU, event-loop lag, its PostgreSQL pool,
 * and that it took part in the scrape), plus the shared outbox in the process that sends the mail.
 * One registry per call, so tests can build many apps in one process.
 */
export function createProcessMetrics(database: Database, role: ProcessRole, clock: Clock): ProcessMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // memory, CPU, event-loop lag, handles
  new Gauge({
    name: 'metrics_processes',
    help: 'Server processes whose numbers are in this scrape, by role (alone, primary, worker)',
    labelNames: ['role'],
    registers: [registry],
    collect() {
      this.set({ role }, 1);
    },
  });
  // Once per instance: the workers of a cluster would each report the same rows, and the sum would
  // multiply them.
  if (role !== 'worker') registerOutboxMetrics(registry, database.db, clock);

  // Read just before the outbox queries borrow connections: a scrape must not report its own
  // queries as pool use.
  let poolAtScrape = database.poolStats?.();
  if (poolAtScrape) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connection pools of the server processes: total open, idle, and requests waiting for one',
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
  return {
    registry,
    collect() {
      poolAtScrape = database.poolStats?.();
      return registry.getMetricsAsJSON();
    },
    text() {
      poolAtScrape = database.poolStats?.();
      return registry.metrics();
    },
  };
}
