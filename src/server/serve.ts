import cluster from 'node:cluster';
import { systemClock } from '../shared/clock';
import type { DevOptions } from './app';
import { setupBanner, setupLinkIfNoAccounts } from './features/staff';
import type { BackgroundWork } from './background-work';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { appliedMigrationNames } from './db/migrate';
import { prepareSecretsAtRest } from './auth/secrets-start';
import { mailWakeMessage } from './mail/wake';
import { drainConnections, isRetire } from './release';
import { createProcessLog } from './process-log';
import { checkDataDir, migrateAtStart, misspeltSettingWarnings } from './start-checks';
import { proxyWarnings } from './trust-proxy';
import { siteCommit, siteRelease, siteVersion } from './version';

/**
 * Runs the server: check the environment, migrate, listen, stop gracefully. Started by main.ts
 * (or scripts/dev.mjs). With WEB_CONCURRENCY above 1 this process becomes the cluster primary and
 * each worker it forks comes back here to serve requests (docs/decisions/0015-web-concurrency.md).
 */
export async function serve({ clientDir, dev }: { clientDir?: string; dev?: DevOptions }): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serveRequests(config, { clientDir, role: 'worker' });
  // Once per start, before anything is printed for the address a misspelt PUBLIC_URL would have set.
  const log = createProcessLog(config.logLevel);
  for (const warning of misspeltSettingWarnings(process.env)) log.warn(warning);
  checkDataDir(config);
  // Imported only where it runs: a worker never loads the primary's code, nor the background
  // work (the outbox's SMTP client is some 2 MB of heap per process; decision 0039).
  if (!dev && config.webConcurrency > 1) return (await import('./cluster-primary')).runPrimary(config);
  return serveRequests(config, { clientDir, dev, role: 'alone' });
}

/**
 * Brings the database up to date and returns: a reload's first step (decision 0051). The new
 * release's secrets at rest are prepared here too (their key made or checked, readable secrets
 * encrypted), before any of its processes serves.
 */
export async function migrateOnly(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateAtStart(database, config);
    for (const note of await prepareSecretsAtRest(database.db, config.secretsKeyFile, systemClock)) console.log(note);
  } finally {
    await database.close();
  }
}

/** Prints the names of the migrations the database has had, as a JSON array (decision 0061). */
export async function printAppliedMigrations(): Promise<void> {
  const database = openDatabase(loadConfig());
  try {
    console.log(JSON.stringify(await appliedMigrationNames(database.db)));
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
    await migrateAtStart(database, config);
    // The key for secrets at rest, checked against the database (made on the first start) before anything serves.
    for (const note of await prepareSecretsAtRest(database.db, config.secretsKeyFile, systemClock)) console.log(note);
    // Until the first owner exists, a one-time setup link (decision 0058); only its hash is kept.
    const setupLink = await setupLinkIfNoAccounts(database.db, config, systemClock);
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
    clock: systemClock,
  });
  if (role === 'alone')
    background = (await import('./background-work')).startBackgroundWork(config, database, systemClock, app.log);

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
      { version: siteVersion, commit: siteCommit },
      `version ${siteRelease}; ${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database ready; site at ${config.publicUrl}`,
    );
  }
}
