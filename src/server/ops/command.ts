import { type Config, ConfigError, loadConfig } from '../config';
import { loadEnvFileIfPresent } from '../env-file';

/** A problem that ends a command with exit code 1 and this message (no stack: it says what to do). */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}

/**
 * Runs an operations command (backup, restore, doctor) with the settings the server reads: the
 * real environment (systemd's EnvironmentFile through `deploy/northstar`), then `.env` in the
 * working folder. Any failure exits 1 with its message; nothing is ever half reported as success.
 */
export function runOpsCommand(work: (config: Config, settingsFile: string | undefined) => Promise<void>): void {
  // deploy/northstar names the service's settings file, which systemd has already read for us.
  const settingsFile = loadEnvFileIfPresent() ?? process.env.NORTHSTAR_SETTINGS_FILE;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : String(error));
    process.exit(1);
  }
  work(config, settingsFile).then(
    () => process.exit(), // with process.exitCode when the command set one
    (error: unknown) => {
      console.error(error instanceof CommandFailure || error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

/** An address for messages: without the user:password it may hold. */
export const withoutCredentials = (address: string) => address.replace(/\/\/[^/@\s]*@/, '//');

/** The database a command works on, named for messages. */
export const databaseName = (config: Config, sqliteFile: string) =>
  config.databaseUrl ? `PostgreSQL ${withoutCredentials(config.databaseUrl)}` : `SQLite ${sqliteFile}`;
