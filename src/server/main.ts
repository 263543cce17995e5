import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { loadEnvFileIfPresent } from './env-file';

loadEnvFileIfPresent();

// Under `npm start` (scripts/start.mjs) this process has a channel to the one that started it:
// when that one is gone, however it went (even killed), the site stops as on SIGTERM, finishing
// its requests, instead of running on unowned. A cluster worker's channel is its primary's.
if (process.channel && cluster.isPrimary) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

// React and other libraries pick their development or production build from NODE_ENV when they
// are first loaded, so it is settled here, before the server's modules are imported.
process.env.NODE_ENV ??= 'production';

const { ConfigError } = await import('./config');
const { migrateOnly, printAppliedMigrations, serve } = await import('./serve');
const { appliedMigrationsFlag, migrateOnlyFlag } = await import('./release');

// This file is dist/server/main.js once built; the browser build sits beside it in dist/client.
// A reload runs it with --migrate-only first, so the new release's code migrates (decision 0051);
// a switch asks with --applied-migrations what the database holds before it picks a release
// that could not run on it (decision 0061).
const started = process.argv.includes(migrateOnlyFlag)
  ? migrateOnly()
  : process.argv.includes(appliedMigrationsFlag)
    ? printAppliedMigrations()
    : serve({ clientDir: fileURLToPath(new URL('../client', import.meta.url)) });
started.catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
