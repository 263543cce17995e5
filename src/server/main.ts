import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { type MailWorker, startMailWorker } from './mail/worker';

/** Starts the production server: check the environment, migrate, listen, stop gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  const app = await buildApp({ config, database, clientDir, mailWorker: { wake: () => mailWorker?.wake() } });

  let mailWorker: MailWorker | undefined;
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
