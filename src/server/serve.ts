import { buildApp, type DevOptions } from './app';
import { createKeyIfMissing, keyBanner } from './auth/admin-key';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { startRetention } from './features/submissions/retention';
import { type MailWorker, startMailWorker } from './mail/worker';

/** Runs the server: check the environment, migrate, listen, stop gracefully. Started by main.ts (or scripts/dev.mjs). */
export async function serve({ clientDir, dev }: { clientDir?: string; dev?: DevOptions }): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  if (!config.adminApiKey) {
    const key = await createKeyIfMissing(database.db);
    // Printed to stdout exactly once, on the start that created it; only its hash is kept.
    if (key) console.log(keyBanner(key, 'generated on first start'));
  }
  let mailWorker: MailWorker | undefined;
  const app = await buildApp({ config, database, clientDir, dev, mailWorker: { wake: () => mailWorker?.wake() } });
  const retention = startRetention(database.db, config.retentionMonths, app.log);
  if (config.mail) {
    mailWorker = startMailWorker({
      db: database.db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      log: app.log,
    });
    app.log.info(`staff e-mail notifications on: new enquiries go to ${config.mail.notifyEmail}`);
  } else {
    app.log.info('staff e-mail notifications are off: set SMTP_URL and NOTIFY_EMAIL to turn them on');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    retention.stop();
    await app.close();
    await mailWorker?.stop();
    await database.close();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database ready; site at ${config.publicUrl}`,
  );
}
