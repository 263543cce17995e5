import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import packageJson from '../../../package.json';
import type { Config } from '../config';
import { openDatabase } from '../db/connection';
import { migrations } from '../db/migrations/index';
import { smtpOptionsFromUrl } from '../mail/worker';
import { isLoopbackHost } from '../trust-proxy';
import { siteVersion } from '../version';
import { listSnapshots, resticSettingsProblem, tagValue } from './restic';
import { migrationProblem, readSiteContents } from './site-contents';

/** One thing the doctor looked at: what it found, and when it is wrong, how to put it right. */
export interface Finding {
  ok: boolean;
  what: string;
  fix?: string;
}

const ok = (what: string): Finding => ({ ok: true, what });
const problem = (what: string, fix: string): Finding => ({ ok: false, what, fix });

/** Below this much free space next to the database, the doctor complains (a copy of the database and a day's growth must fit). */
export const minimumFreeBytes = 1024 ** 3;
/** Backups run daily: a newest snapshot older than this means the last night's one did not happen. */
export const maximumBackupAgeHours = 26;

/** Whether `version` (e.g. 22.12.0) satisfies an engines range of `^a.b.c` and `>=a.b.c` parts joined by `||`. */
export function satisfiesEngines(version: string, range: string): boolean {
  // A part may leave out its minor and patch numbers (`>=24` is `>=24.0.0`).
  const parse = (text: string) => [...text.split('.').map(Number), 0, 0].slice(0, 3) as [number, number, number];
  const compare = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  const actual = parse(version);
  return range.split('||').some((part) => {
    const [, operator, wanted] = /^\s*(\^|>=)(\d+(?:\.\d+){0,2})\s*$/.exec(part) ?? [];
    if (!wanted) return false;
    const minimum = parse(wanted);
    return compare(actual, minimum) >= 0 && (operator === '>=' || actual[0] === minimum[0]);
  });
}

export function checkNode(version = process.versions.node): Finding {
  const range = packageJson.engines.node;
  return satisfiesEngines(version, range)
    ? ok(`Node.js ${version} (supported: ${range})`)
    : problem(
        `Node.js ${version} is not supported (${range})`,
        'install a supported Node.js (README "Deploy") and run npm ci',
      );
}

export function checkSettings(settingsFile: string | undefined, config: Config): Finding[] {
  const source = settingsFile ?? 'the environment (no .env here)';
  const findings = [ok(`settings from ${source}; version ${siteVersion}`)];
  // The file holds secrets (the admin key, SMTP and backup passwords): no other user may read it.
  if (settingsFile && (fs.statSync(settingsFile).mode & 0o004) !== 0) {
    findings.push(
      problem(`the settings file ${settingsFile} is readable by every user`, `sudo chmod 600 ${settingsFile}`),
    );
  }
  const dataDir = config.dataDir;
  if (!fs.existsSync(dataDir)) {
    return [
      ...findings,
      problem(
        `DATA_DIR ${dataDir} does not exist`,
        'set DATA_DIR to the folder the site uses, or start the site once to create it',
      ),
    ];
  }
  try {
    fs.accessSync(dataDir, fs.constants.W_OK);
    findings.push(ok(`DATA_DIR ${dataDir} is writable`));
  } catch {
    findings.push(
      problem(
        `DATA_DIR ${dataDir} is not writable by this user`,
        "run the doctor as the service (sudo northstar doctor), or give the folder to the site's user",
      ),
    );
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(dataDir, 'site.db'))) {
    findings.push(
      problem(
        `no database at ${path.join(dataDir, 'site.db')}`,
        "DATA_DIR is not where the site keeps its data (run with the service's settings: sudo northstar doctor), or the site has never started",
      ),
    );
  }
  return findings;
}

export async function checkDatabase(config: Config): Promise<Finding> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'site.db'))) {
    return problem('the database was not opened (no SQLite file)', 'see the DATA_DIR finding above');
  }
  const database = openDatabase(config);
  try {
    const contents = await readSiteContents(
      async (query) => (await sql.raw(query).execute(database.db)).rows as Record<string, unknown>[],
    );
    const wrong = migrationProblem(contents);
    if (wrong)
      return problem(
        `the database answers, but ${wrong}`,
        'run the release the database belongs to, or restore a backup',
      );
    const pending = Object.keys(migrations).filter((name) => !contents.migrations.includes(name));
    if (pending.length > 0) {
      return problem(
        `the database is ${pending.length} migration(s) behind this code (${pending.join(', ')})`,
        'restart the site: migrations run at start',
      );
    }
    return ok(`the ${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database answers and is migrated`);
  } catch (error) {
    return problem(
      `the database does not answer as this site's: ${(error as Error).message}`,
      config.databaseUrl ? 'check DATABASE_URL and that PostgreSQL runs' : 'check DATA_DIR',
    );
  } finally {
    await database.close();
  }
}

export function checkDisk(folder: string, freeBytes?: number): Finding {
  const target = fs.existsSync(folder) ? folder : path.dirname(folder);
  const stats = fs.statfsSync(target);
  const free = freeBytes ?? stats.bavail * stats.bsize;
  const gigabytes = (free / 1024 ** 3).toFixed(1);
  return free >= minimumFreeBytes
    ? ok(`${gigabytes} GB free for ${target}`)
    : problem(
        `only ${gigabytes} GB free for ${target}`,
        'free some space (journalctl --vacuum-size=200M, old before-restore copies) or grow the disk',
      );
}

/**
 * PUBLIC_URL and TRUST_PROXY against how requests really arrive: when the site runs, its own
 * health answer through PUBLIC_URL must come from this release, and over https it must carry HSTS,
 * which the app sends only when it believes the proxy's X-Forwarded-Proto (decision 0026).
 */
export async function checkAddress(config: Config, siteRuns: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  const behindProxy = "set TRUST_PROXY to the proxy's address (127.0.0.1,::1 for Caddy on this machine)";
  if (config.trustProxy === false && config.publicUrl.startsWith('https://'))
    findings.push(problem('PUBLIC_URL is https but TRUST_PROXY is false', behindProxy));
  if (typeof config.trustProxy === 'number' && !isLoopbackHost(config.host)) {
    findings.push(
      problem(
        `TRUST_PROXY is a hop count (${config.trustProxy}) while the app listens on HOST=${config.host}: anyone reaching it directly chooses their own address`,
        `${behindProxy}, or set HOST=127.0.0.1`,
      ),
    );
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.publicUrl).hostname);
  if (local && config.trustProxy !== false) {
    findings.push(
      problem(
        `PUBLIC_URL is ${config.publicUrl} but the site is behind a proxy (TRUST_PROXY)`,
        'set PUBLIC_URL to the address visitors use, https://<your host name>',
      ),
    );
  }
  if (!siteRuns) {
    findings.push(
      problem(
        `nothing answers on port ${config.port}: the site is not running`,
        'start it (sudo systemctl start northstar) and look at journalctl -u northstar',
      ),
    );
    return findings;
  }
  try {
    const response = await fetch(`${config.publicUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json().catch(() => ({}))) as { version?: string };
    if (!response.ok || body.version !== siteVersion) {
      findings.push(
        problem(
          `${config.publicUrl}/api/health answers ${response.status}, not this site's version ${siteVersion}`,
          "PUBLIC_URL must reach this site: check DNS and the proxy (Caddy's SITE_ADDRESS)",
        ),
      );
    } else if (config.publicUrl.startsWith('https://') && !response.headers.has('strict-transport-security')) {
      findings.push(
        problem(`${config.publicUrl} reaches the site, but the site does not see those requests as HTTPS`, behindProxy),
      );
    } else {
      findings.push(ok(`${config.publicUrl} reaches this site`));
    }
  } catch (error) {
    findings.push(
      problem(
        `${config.publicUrl} does not answer (${(error as Error).message})`,
        'check DNS, the firewall and the proxy (Caddy) in front of the site',
      ),
    );
  }
  return findings;
}

export async function checkMail(config: Config): Promise<Finding> {
  if (!config.mail) return ok('e-mail notifications are off (SMTP_URL unset)');
  const server = smtpOptionsFromUrl(config.mail.smtpUrl);
  const transport = nodemailer.createTransport({
    ...server,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.verify();
    return ok(`the SMTP server ${server.host}:${server.port} accepts the site`);
  } catch (error) {
    return problem(
      `the SMTP server ${server.host}:${server.port} does not accept the site: ${(error as Error).message}`,
      'check SMTP_URL (host, port, user and password) and the firewall',
    );
  } finally {
    transport.close();
  }
}

export async function checkBackups(config: Config, now = new Date()): Promise<Finding> {
  const settingsProblem = resticSettingsProblem();
  if (settingsProblem) return problem('no off-site backups are configured', settingsProblem);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  try {
    const newest = (await listSnapshots()).filter((snapshot) => tagValue(snapshot, 'engine') === engine).at(-1);
    if (!newest)
      return problem(
        'the backup repository holds no snapshot of this site',
        'run sudo northstar backup, and enable the daily timer (README "Back up and restore")',
      );
    const hours = (now.getTime() - newest.time.getTime()) / 3_600_000;
    return hours <= maximumBackupAgeHours
      ? ok(`the last good backup is ${hours.toFixed(1)} hours old (snapshot ${newest.shortId})`)
      : problem(
          `the last good backup is ${hours.toFixed(0)} hours old (snapshot ${newest.shortId})`,
          'see why the nightly backup fails: journalctl -u northstar-backup',
        );
  } catch (error) {
    return problem(
      `the backup repository cannot be read: ${(error as Error).message}`,
      "check RESTIC_REPOSITORY, the password and the storage's credentials",
    );
  }
}
