import fs from 'node:fs';
import { type Config, ConfigError, backupSettingNames, settingNames } from './config';
import type { Database } from './db/connection';
import { migrateToLatest } from './db/migrate';

/**
 * Variables that belong to the tools around the site, not to it: the storage restic reaches
 * (AWS_*, B2_*…, read by restic itself), the deploy scripts' own and their tests' (NORTHSTAR_*),
 * Node's and npm's. restic's own (RESTIC_*) are the site's settings: `backupSettingNames`.
 */
const othersPrefixes = ['NORTHSTAR_', 'AWS_', 'B2_', 'AZURE_', 'GOOGLE_', 'OS_', 'RCLONE_', 'NODE_', 'npm_'];

/**
 * The first word of each setting (`SMTP_` of SMTP_URL, `RESTIC_` of RESTIC_REPOSITORY): an
 * unknown variable starting with one is most likely a typo of ours.
 */
const ourPrefixes = [
  ...new Set(settingNames.filter((name) => name.includes('_')).map((name) => `${name.split('_')[0]}_`)),
].filter((prefix) => !othersPrefixes.includes(prefix) && prefix !== 'NODE_');

const backupSettings = new Set<string>(backupSettingNames);

/** Levenshtein distance, small strings only. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * A warning for each variable that is not a setting but looks like one misspelt (PUBLIK_URL,
 * DATA_DIRR, SMTP_URI), naming the setting it most likely means: such a variable is otherwise
 * ignored without a word, and the site runs on the default (decision 0061).
 */
export function misspeltSettingWarnings(environment: Record<string, string | undefined>): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(environment)) {
    if (settingNames.includes(name) || othersPrefixes.some((prefix) => name.startsWith(prefix))) continue;
    const upper = name.toUpperCase();
    const [closest, distance] = settingNames
      .map((setting) => [setting, editDistance(upper, setting)] as const)
      .sort((a, b) => a[1] - b[1])[0]!;
    const alike = distance <= Math.max(1, Math.floor(closest.length / 4));
    const samePrefix = ourPrefixes.some((prefix) => upper.startsWith(prefix));
    if (alike || samePrefix) {
      const section = backupSettings.has(closest) ? 'Back up and restore' : 'Configuration';
      warnings.push(
        `${name} is not a setting of this site and is ignored: did you mean ${closest}? (README "${section}")`,
      );
    }
  }
  return warnings;
}

/** DATA_DIR must be a folder the site can create and write (SQLite's database lives there). */
export function checkDataDir(config: Pick<Config, 'dataDir' | 'databaseUrl'>): void {
  if (config.databaseUrl) return;
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.accessSync(config.dataDir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(`DATA_DIR=${config.dataDir} cannot be used: ${describeSystemError(error)}`);
  }
}

/** `EACCES (permission denied)`: the code and its plain meaning, without the stack. */
function describeSystemError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const meanings: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'a read-only file system',
    ENOTDIR: 'a part of the path is a file',
    ECONNREFUSED: 'nothing listens there',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name does not resolve now',
    ETIMEDOUT: 'no answer in time',
    EHOSTUNREACH: 'the host cannot be reached',
  };
  if (code && meanings[code]) return `${code} (${meanings[code]})`;
  return (message ?? String(error)).split('\n')[0]!;
}

const connectionCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * The one line a start ends with when the database cannot be reached: the variable, the address
 * without its password, and the cause. Undefined for any other error (a bug keeps its stack).
 */
export function databaseStartError(
  error: unknown,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): ConfigError | undefined {
  const causes = [error, (error as { cause?: unknown }).cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  const cause = causes.find((candidate) => {
    const { code, message } = (candidate ?? {}) as { code?: string; message?: string };
    return (
      (code && connectionCodes.has(code)) ||
      /password authentication failed|does not exist|timeout/i.test(message ?? '')
    );
  });
  if (!cause) return undefined;
  if (!config.databaseUrl)
    return new ConfigError(`DATA_DIR=${config.dataDir}: the database cannot be opened: ${describeSystemError(cause)}`);
  const address = config.databaseUrl.replace(/\/\/[^/@\s]*@/, '//');
  return new ConfigError(`DATABASE_URL=${address} cannot be reached: ${describeSystemError(cause)}`);
}

/**
 * Migrates before serving; a database that cannot be reached ends the start with one line naming
 * DATABASE_URL (or DATA_DIR) and the cause, not a stack trace (decision 0061).
 */
export async function migrateAtStart(
  database: Database,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): Promise<void> {
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    const startError = databaseStartError(error, config);
    if (!startError) throw error;
    await database.close().catch(() => {});
    throw startError;
  }
}
