import cluster from 'node:cluster';
import type { DevOptions } from './app';
import { setupBanner, setupLinkIfNoAccounts } from './features/staff';
import type { BackgroundWork } from './background-work';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { mailWakeMessage } from './mail/wake';
import { drainConnections, isRetire } from './release';
import { proxyWarnings } from './trust-proxy';
import { siteVersion } from './version';

/**
 * Runs the server: check the environment, migrate, listen, stop gracefully. Started by main.ts
 * (or scripts/dev.mjs). With WEB_CONCURRENCY above 1 this process becomes the cluster primary and
 * each worker it forks comes back here to serve requests (docs/decisions/0015-web-concurrency.md).
 */
export async function serve({ clientDir, dev }: { clientDir?: string; dev?: DevOptions }): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serveRequests(config, { clientDir, role: 'worker' });
  // Imported only where it runs: a worker never loads the primary's code, nor the background
  // work (the outbox's SMTP client is some 2 MB of heap per process; decision 0039).
  if (!dev && config.webConcurrency > 1) return (await import('./cluster-primary')).runPrimary(config);
  return serveRequests(config, { clientDir, dev, role: 'alone' });
}

/** Brings the database up to date and returns: a reload's first step (decision 0051). */
export async function migrateOnly(): Promise<void> {
  const database = openDatabase(loadConfig());
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

/**
 * One process serving requests. Alone, it also migrates and runs the background work; as a
 * cluster worker it leaves both to the primary and asks the primary to send new mail.
 */
async function serveRequests(
  config: Config,
  { clientDir, dev, role }: { clientDir?: string | undefined; dev?: DevOptions; role: 'alone' | 'worker' },
): Promise<void> {
  const database = openDatabase(config);
  if (role === 'alone') {
    await migrateToLatest(database.db);
    // Until the first owner exists, a one-time setup link (decision 0058); only its hash is kept.
    const setupLink = await setupLinkIfNoAccounts(database.db, config);
    if (setupLink) console.log(setupBanner(setupLink));
  }
  // Imported here, not at the top: the cluster primary never serves, so it never loads the pages.
  const { buildApp } = await import('./app');
  let background: BackgroundWork | undefined;
  const wake = role === 'worker' ? () => process.send?.(mailWakeMessage) : () => background?.wakeMail();
  const app = await buildApp({
    config,
    database,
    clientDir,
    dev,
    mailWorker: { wake },
    clusterWorker: role === 'worker',
  });
  if (role === 'alone') background = (await import('./background-work')).startBackgroundWork(config, database, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    // Replaced by a reload: the site goes on, so its clients' connections are let go gently.
    if (signal === 'reload') await drainConnections(app.server, 6_000);
    await app.close();
    await background?.stop();
    await database.close();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (role === 'worker') process.on('message', (message) => isRetire(message) && void stop('reload'));
  // A reload replaces a cluster's workers one by one; a lone process has none to replace, and
  // SIGHUP's default would end it. npm run dev keeps the default: a closed terminal ends it.
  if (role === 'alone' && !dev) {
    process.on('SIGHUP', () => app.log.warn('a reload needs WEB_CONCURRENCY above 1; restart the service instead'));
  }

  await app.listen({ port: config.port, host: config.host });
  if (role === 'alone') {
    for (const warning of proxyWarnings(config)) app.log.warn(warning);
    app.log.info(
      { version: siteVersion },
      `version ${siteVersion}; ${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database ready; site at ${config.publicUrl}`,
    );
  }
}
