import { systemClock } from '../shared/clock';
import { keyBanner, rotateKey } from './auth/admin-key';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { loadEnvFileIfPresent } from './env-file';

/**
 * `npm run admin:key`: replaces the admin key in the database the server uses (same environment,
 * same config), prints the new key once. Every staff session ends: staff sign in again with the new key.
 */
async function main(): Promise<void> {
  loadEnvFileIfPresent();
  const config = loadConfig();
  if (config.adminApiKey) {
    console.error(
      'ADMIN_API_KEY is set, and it takes precedence over a stored key. To change the key, change ADMIN_API_KEY ' +
        'and restart; or unset it and run this command again.',
    );
    process.exit(1);
  }
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    console.log(
      keyBanner(
        await rotateKey(database.db, systemClock()),
        'new; the previous key no longer works and every staff session has ended',
      ),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Could not change the admin key: ${String(error)}`);
  process.exit(1);
});
