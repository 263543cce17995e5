import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { systemClock } from '../shared/clock';
import { setupBanner, setupLinkIfNoAccounts } from './features/staff';
import { startBackgroundWork } from './background-work';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { prepareSecretsAtRest } from './auth/secrets-start';
import { isMailWake } from './mail/wake';
import { serveSiteMetrics } from './metrics/cluster-metrics';
import { createProcessMetrics } from './metrics/process-metrics';
import { createProcessLog } from './process-log';
import { migrateWithRelease, releaseEntry, releaseFolder, retireMessage } from './release';
import { migrateAtStart } from './start-checks';
import { proxyWarnings } from './trust-proxy';
import { siteCommit, siteRelease, siteVersion } from './version';

/**
 * The cluster primary (docs/decisions/0015-web-concurrency.md). It serves no requests: it
 * migrates before any worker starts, runs the background work once for this instance, forks
 * `config.webConcurrency` workers that share the port, replaces a worker that dies, and on
 * SIGTERM lets every worker finish its requests before closing the database and exiting 0.
 *
 * On SIGHUP it switches to the release its start path now leads to (the `current` link of an
 * upgrade or a rollback, decision 0051): the new release migrates the database, then the workers
 * are replaced one at a time, each new one listening before the old one is told to finish, so
 * the port never goes unanswered. The primary itself keeps the code it started with.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = createProcessLog(config.logLevel);
  const database = openDatabase(config);
  await migrateAtStart(database, config);
  // Before any worker forks: the key for secrets at rest checked (made on the first start).
  for (const note of await prepareSecretsAtRest(database.db, config.secretsKeyFile, systemClock)) log.info(note);
  const setupLink = await setupLinkIfNoAccounts(database.db, config, systemClock);
  if (setupLink) console.log(setupBanner(setupLink));
  const background = startBackgroundWork(config, database, systemClock, log);
  for (const warning of proxyWarnings(config)) log.warn(warning);
  // GET /metrics reaches a worker, which asks here for the whole site's numbers (decision 0027).
  if (config.metricsToken) serveSiteMetrics(createProcessMetrics(database, 'primary', systemClock), log);

  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  /** Old workers told to finish after a reload: their exit is expected, nothing replaces them. */
  const retiring = new Set<number>();
  /** Workers a reload started that have not listened yet: a failure there leaves the site as it was. */
  const trying = new Set<number>();
  // The release new workers run: the one this primary started from until a reload switches.
  let serving = releaseEntry();

  const fork = () => {
    cluster.setupPrimary({ exec: serving });
    const worker = cluster.fork(workerMemoryEnv());
    worker.on('message', (message: unknown) => {
      if (isMailWake(message)) background.wakeMail();
    });
    worker.once('listening', () => {
      listening.add(worker.id);
      if (!announced && listening.size === config.webConcurrency) {
        announced = true;
        log.info(
          { version: siteVersion, commit: siteCommit },
          `version ${siteRelease}; ${config.webConcurrency} server processes; ${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database ready; site at ${config.publicUrl}`,
        );
      }
    });
    return worker;
  };

  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      for (const worker of workers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
    await Promise.all(
      workers().map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await background.stop();
    await database.close();
    clearTimeout(forceExit);
    process.exit(exitCode);
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const served = listening.delete(worker.id);
    if (stopping || retiring.delete(worker.id) || trying.has(worker.id)) return;
    if (!served) {
      // It never served (port taken, bad build): starting it again would fail the same way.
      log.error({ code, signal }, 'a server process failed to start; stopping');
      void stop('worker start failure', 1);
      return;
    }
    log.warn({ code, signal }, 'a server process stopped unexpectedly; starting another');
    fork();
  });
  /** Starts one worker of the serving release; true once it listens, false if it exits first. */
  const forkListening = () =>
    new Promise<boolean>((resolve) => {
      const worker = fork();
      trying.add(worker.id);
      const settle = (listens: boolean) => {
        trying.delete(worker.id);
        resolve(listens);
      };
      worker.once('listening', () => settle(true));
      worker.once('exit', () => settle(false));
    });

  let reloading = false;
  const reload = async () => {
    if (stopping || reloading) return;
    reloading = true;
    const before = serving;
    try {
      const next = releaseEntry();
      log.info({ release: releaseFolder(next) }, 'reload: migrating with the release');
      const migrated = await migrateWithRelease(next);
      if (!migrated) {
        log.error({ release: releaseFolder(next) }, 'reload: the release could not migrate; the running one stays');
        return;
      }
      serving = next;
      const old = workers().filter((worker) => !retiring.has(worker.id));
      for (const worker of old) {
        if (stopping) return;
        if (worker.isDead()) continue; // died meanwhile, and already replaced from the new release
        if (!(await forkListening())) {
          log.error({ release: releaseFolder(next) }, 'reload: a server process of the release failed to start');
          serving = before;
          return;
        }
        retiring.add(worker.id);
        await new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.send(retireMessage);
        });
      }
      log.info(
        { release: releaseFolder(next), processes: old.length },
        'reload: every server process runs the release',
      );
    } catch (error) {
      serving = before;
      log.error({ err: error }, 'reload failed; the running release stays');
    } finally {
      reloading = false;
    }
  };

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void reload());

  const workersFillTheCores = config.webConcurrency >= os.availableParallelism();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, { workersFillTheCores }) });
  for (let index = 0; index < config.webConcurrency; index += 1) fork();
}

/**
 * Memory and collector settings for each worker (decisions 0028, 0039 and 0041), unless the
 * operator chose their own.
 * V8's young generation grows to 32 MB under load; 8 MB semi-spaces (16 MB) keep most of the
 * throughput. The old generation: after each full collection V8 lets it grow to up to 4 times
 * what survived before collecting again when its heap limit is gigabytes (the default here), so
 * a worker with 35 MB alive could hold 100 MB of garbage. Under 256 MB the factor is 1.3; with
 * some 40 MB alive the limit stays far from a worker's needs, and a worker that outgrows it
 * anyway has a leak: it dies and the primary starts another. glibc gives each thread that
 * allocates (libuv's pool compresses pages) an arena of its own that it rarely returns; two
 * arenas keep that fragmentation small. It must be in the environment when a process starts, so
 * the primary sets it for the workers it forks.
 *
 * When the workers take every core, each collects its garbage on its own thread: V8's parallel
 * and concurrent collection hands work to helper threads and waits for them, and with the cores
 * already busy with the other workers those threads wait for a core, which turned 1-2 ms
 * scavenges into 8-10 ms pauses and raised p99 under load (decision 0041).
 */
export function workerExecArgv(
  execArgv: readonly string[],
  { workersFillTheCores }: { workersFillTheCores: boolean },
): string[] {
  const given = [...execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((flag) =>
    flag.replaceAll('_', '-'),
  );
  const chosen = (...names: string[]) => given.some((flag) => names.some((name) => flag.startsWith(name)));
  return [
    ...execArgv,
    ...(chosen('--max-semi-space-size') ? [] : ['--max-semi-space-size=8']),
    // --max-heap-size sizes the old generation too, and V8 stops at start when given all three.
    ...(chosen('--max-old-space-size', '--max-heap-size') ? [] : ['--max-old-space-size=256']),
    ...(workersFillTheCores && !chosen('--single-threaded-gc', '--no-single-threaded-gc')
      ? ['--single-threaded-gc']
      : []),
  ];
}

export const workerMemoryEnv = (): Record<string, string> => ({
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
});

const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
