import { fileURLToPath } from 'node:url';
import { loadEnvFileIfPresent } from './env-file';

loadEnvFileIfPresent();

// React and other libraries pick their development or production build from NODE_ENV when they
// are first loaded, so it is settled here, before the server's modules are imported.
process.env.NODE_ENV ??= 'production';

const { ConfigError } = await import('./config');
const { migrateOnly, serve } = await import('./serve');
const { migrateOnlyFlag } = await import('./release');

// This file is dist/server/main.js once built; the browser build sits beside it in dist/client.
// A reload runs it with --migrate-only first, so the new release's code migrates (decision 0051).
const started = process.argv.includes(migrateOnlyFlag)
  ? migrateOnly()
  : serve({ clientDir: fileURLToPath(new URL('../client', import.meta.url)) });
started.catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
