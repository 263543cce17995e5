import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { ProcessLog } from '../process-log';
import type { MetricsJson, ProcessMetrics } from './process-metrics';

/**
 * GET /metrics for the whole site when it runs as a cluster (decision 0027). The scrape reaches one
 * worker, which asks the primary; the primary asks every worker for its series, adds its own and
 * sums them with prom-client's AggregatorRegistry.aggregate (each series by its own rule: counts
 * and memory add up, event-loop lag averages, the Node version is taken once), and hands the text
 * back to the asking worker. Four IPC messages:
 *   worker -> primary  metrics-request   {id}            a scrape arrived
 *   primary -> worker  metrics-collect   {id}            send your series
 *   worker -> primary  metrics-collected {id, metrics}
 *   primary -> worker  metrics-site      {id, text | error}
 */

/** A worker that has not answered by then is left out of the scrape (metrics_processes shows it). */
const collectTimeoutMs = 2_000;
/** The scrape fails if the primary has not answered by then. */
const siteTimeoutMs = 5_000;

type Message =
  | { type: 'metrics-request'; id: number }
  | { type: 'metrics-collect'; id: number }
  | { type: 'metrics-collected'; id: number; metrics: MetricsJson }
  | { type: 'metrics-site'; id: number; text?: string; error?: string };

function isMessage<T extends Message['type']>(message: unknown, type: T): message is Extract<Message, { type: T }> {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === type &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

const send = (message: Message) => process.send?.(message);

// ---- worker side ----

const waitingForSite = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
let nextSiteRequest = 0;
let siteListener: ((message: unknown) => void) | undefined;

/** In a worker: the whole site's metrics text, from the primary. */
export function siteMetricsFromPrimary(): Promise<string> {
  if (!siteListener) {
    siteListener = (message) => {
      if (!isMessage(message, 'metrics-site')) return;
      const waiting = waitingForSite.get(message.id);
      waitingForSite.delete(message.id);
      if (message.text !== undefined) waiting?.resolve(message.text);
      else waiting?.reject(new Error(message.error ?? 'no metrics'));
    };
    process.on('message', siteListener);
  }
  const id = nextSiteRequest++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waitingForSite.delete(id);
      reject(new Error(`the primary process did not send the metrics within ${siteTimeoutMs / 1000} s`));
    }, siteTimeoutMs);
    waitingForSite.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    send({ type: 'metrics-request', id });
  });
}

/** In a worker: answer the primary's requests for this worker's series. Returns the way to stop. */
export function answerMetricsCollection(metrics: ProcessMetrics): () => void {
  const listener = (message: unknown) => {
    if (!isMessage(message, 'metrics-collect')) return;
    // A worker whose series cannot be read (its database is away) is left out, not the whole scrape.
    metrics.collect().then(
      (json) => send({ type: 'metrics-collected', id: message.id, metrics: json }),
      () => send({ type: 'metrics-collected', id: message.id, metrics: [] }),
    );
  };
  process.on('message', listener);
  return () => void process.off('message', listener);
}

// ---- primary side ----

/** In the primary: answer every worker's metrics-request with the site's metrics. */
export function serveSiteMetrics(own: ProcessMetrics, log: ProcessLog): void {
  const collecting = new Map<number, (metrics: MetricsJson) => void>();
  let nextCollection = 0;

  async function siteText(): Promise<string> {
    const id = nextCollection++;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker.isConnected(),
    );
    const collected: MetricsJson[] = [];
    const allAnswered = new Promise<void>((resolve) => {
      if (workers.length === 0) return resolve();
      const timer = setTimeout(resolve, collectTimeoutMs);
      collecting.set(id, (metrics) => {
        collected.push(metrics);
        if (collected.length === workers.length) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    for (const worker of workers) worker.send({ type: 'metrics-collect', id } satisfies Message);
    try {
      const ownMetrics = await own.collect();
      await allAnswered;
      if (collected.length < workers.length) {
        log.warn({ answered: collected.length, workers: workers.length }, 'metrics: a server process did not answer');
      }
      return await AggregatorRegistry.aggregate([ownMetrics, ...collected]).metrics();
    } finally {
      collecting.delete(id);
    }
  }

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isMessage(message, 'metrics-collected')) {
      collecting.get(message.id)?.(message.metrics);
    } else if (isMessage(message, 'metrics-request')) {
      const reply = (answer: Omit<Extract<Message, { type: 'metrics-site' }>, 'type' | 'id'>) => {
        if (worker.isConnected()) worker.send({ type: 'metrics-site', id: message.id, ...answer } satisfies Message);
      };
      siteText().then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
}
