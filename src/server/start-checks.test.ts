import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { openDatabase } from './db/connection';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { checkDataDir, editDistance, migrateAtStart, misspeltSettingWarnings } from './start-checks';

/** A port nothing listens on: a database there refuses the connection. */
const closedPort = freePort;

describe('settings checked at start', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-start-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('warns about a variable that looks like a misspelt setting, naming the one meant', () => {
    expect(editDistance('PUBLIK_URL', 'PUBLIC_URL')).toBe(1);
    const warnings = misspeltSettingWarnings({
      PUBLIK_URL: 'https://www.example.test',
      DATA_DIRR: '/var/lib/northstar',
      SMTP_URI: 'smtp://mail.example.test',
      ADMIN_SESSION_IDLE: '30',
      RESTIC_REPOSITRY: 'sftp:backup@example.test:/site',
      RESTIC_PASSWORD_FIEL: '/etc/northstar/restic-password',
      // Not ours, or right: never a warning.
      PUBLIC_URL: 'https://www.example.test',
      HOME: '/root',
      PATH: '/usr/bin',
      RESTIC_REPOSITORY: 'sftp:backup@example.test:/site',
      RESTIC_PASSWORD_FILE: '/etc/northstar/restic-password',
      RESTIC_COMPRESSION: 'max',
      RESTIC_CACHE_DIR: '/var/cache/restic',
      REQUEST_LOG: 'errors',
      AWS_ACCESS_KEY_ID: 'key',
      NORTHSTAR_SETTINGS_FILE: '/etc/northstar/env',
      INVOCATION_ID: 'abc',
    });
    expect(warnings).toEqual([
      'PUBLIK_URL is not a setting of this site and is ignored: did you mean PUBLIC_URL? (README "Configuration")',
      'DATA_DIRR is not a setting of this site and is ignored: did you mean DATA_DIR? (README "Configuration")',
      'SMTP_URI is not a setting of this site and is ignored: did you mean SMTP_URL? (README "Configuration")',
      'ADMIN_SESSION_IDLE is not a setting of this site and is ignored: did you mean ADMIN_SESSION_IDLE_MINUTES? (README "Configuration")',
      'RESTIC_REPOSITRY is not a setting of this site and is ignored: did you mean RESTIC_REPOSITORY? (README "Back up and restore")',
      'RESTIC_PASSWORD_FIEL is not a setting of this site and is ignored: did you mean RESTIC_PASSWORD_FILE? (README "Back up and restore")',
    ]);
  });

  it('names DATA_DIR and the cause when the folder cannot be made', () => {
    const file = path.join(folder, 'a-file');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    expect(() => checkDataDir({ dataDir, databaseUrl: undefined })).toThrow(
      new ConfigError(`DATA_DIR=${dataDir} cannot be used: ENOTDIR (a part of the path is a file)`),
    );
    expect(() => checkDataDir({ dataDir: path.join(folder, 'new'), databaseUrl: undefined })).not.toThrow();
    expect(fs.existsSync(path.join(folder, 'new'))).toBe(true);
  });

  it('names DATABASE_URL, without its password, when PostgreSQL cannot be reached', async () => {
    const port = await closedPort();
    const config = { dataDir: folder, databaseUrl: `postgres://site:a-secret@127.0.0.1:${port}/site` };
    const database = openDatabase(config);
    const failure = await migrateAtStart(database, config).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(
      `DATABASE_URL=postgres://127.0.0.1:${port}/site cannot be reached: ECONNREFUSED (nothing listens there)`,
    );
  });

  it('ends a start with that one line, no stack trace, and exit code 1', async () => {
    const port = await closedPort();
    const start = (env: Record<string, string>) =>
      spawnSync(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, PORT: String(port), WEB_CONCURRENCY: '2', LOG_LEVEL: 'warn', ...env },
      });
    const dead = start({ DATABASE_URL: `postgres://site:a-secret@127.0.0.1:${port}/site`, DATA_DIRR: folder });
    expect(dead.status).toBe(1);
    expect(dead.stderr.trim()).toBe(
      `DATABASE_URL=postgres://127.0.0.1:${port}/site cannot be reached: ECONNREFUSED (nothing listens there)`,
    );
    expect(dead.stdout).toContain('DATA_DIRR is not a setting of this site and is ignored: did you mean DATA_DIR?');

    fs.writeFileSync(path.join(folder, 'a-file'), '');
    const badFolder = start({ DATA_DIR: path.join(folder, 'a-file', 'data') });
    expect(badFolder.status).toBe(1);
    expect(badFolder.stderr.trim()).toBe(
      `DATA_DIR=${path.join(folder, 'a-file', 'data')} cannot be used: ENOTDIR (a part of the path is a file)`,
    );
  }, 60_000);
});
