import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import packageJson from '../../../package.json';
import type { Config } from '../config';
import { secretsKeyProblem } from '../auth/secrets-start';
import { openDatabase } from '../db/connection';
import { migrations } from '../db/migrations/index';
import { smtpOptionsFromUrl } from '../mail/worker';
import { isIpAddressHost } from '../../shared/staff/passkey-host';
import { isLoopbackHost } from '../trust-proxy';
import { databaseStartError, misspeltSettingWarnings } from '../start-checks';
import { siteCommit, siteRelease, siteVersion } from '../version';
import { listSnapshots, resticSettingsProblem, tagValue } from './restic';
import { migrationProblem, readSiteContents } from './site-contents';

/** One thing the doctor looked at: what it found, and when it is wrong, how to put it right. */
export interface Finding {
  ok: boolean;
  what: string;
  fix?: string;
  /** Works, but something staff would expect does not: printed as a warning, not counted as a problem. */
  warning?: true;
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
  const findings = [ok(`settings from ${source}; this code is version ${siteRelease}`)];
  for (const warning of misspeltSettingWarnings(process.env)) {
    findings.push(problem(warning, `correct its name in ${settingsFile ?? 'the settings'} and restart the site`));
  }
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
    const unreachable = databaseStartError(error, config);
    return problem(
      unreachable ? unreachable.message : `the database does not answer as this site's: ${(error as Error).message}`,
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
  // http://localhost is PUBLIC_URL left unset; https://localhost is deploy/README.md's try-out behind Caddy.
  const address = new URL(config.publicUrl);
  const local = address.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(address.hostname);
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
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    findings.push(
      cause?.code && certificateErrors.has(cause.code)
        ? problem(
            `${config.publicUrl} answers with a certificate this machine does not trust (TLS: ${cause.code}, ${cause.message ?? ''})`,
            `a certificate from Caddy's own authority (an IP address or localhost, deploy/README.md "Before you start"): ` +
              `let the site's commands trust it with NODE_EXTRA_CA_CERTS=${caddyLocalRoot} in the settings file ` +
              `(sudo install -m 644 ${caddyRootFile} ${caddyLocalRoot} first); with a public host name, see journalctl -u caddy`,
          )
        : problem(
            `${config.publicUrl} does not answer (${(error as Error).message}${cause?.message ? `: ${cause.message}` : ''})`,
            'check DNS, the firewall and the proxy (Caddy) in front of the site',
          ),
    );
  }
  return findings;
}

/** Passkeys need a domain name (WebAuthn refuses an IP address): staff there sign in with a password and code. */
export function checkPasskeyHost(config: Config): Finding[] {
  const { hostname } = new URL(config.publicUrl);
  if (!isIpAddressHost(hostname)) return [];
  return [
    {
      ok: true,
      warning: true,
      what: `PUBLIC_URL's host ${hostname} is an IP address: passkeys cannot work there, so staff sign in with a password and code`,
      fix: 'give the site a domain name (DNS), set PUBLIC_URL and SITE_ADDRESS to it, and restart',
    },
  ];
}

/** What Node calls a certificate it cannot check: these mean TLS works but the certificate is not trusted here. */
const certificateErrors = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** Where Debian's Caddy keeps its local authority, and where deploy/README.md copies it for the site. */
const caddyRootFile = '/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt';
const caddyLocalRoot = '/etc/northstar/caddy-local-root.crt';

/**
 * Which release runs (its /api/health), against this code, and whether the local git repository
 * (the deploy root's `repo`, or the folder the doctor runs in) has a newer release tag.
 */
export async function checkRelease(
  config: Config,
  siteRuns: boolean,
  repository = releaseRepository(),
): Promise<Finding[]> {
  const findings: Finding[] = [];
  if (siteRuns) {
    const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    const health = (await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`, {
      signal: AbortSignal.timeout(5000),
    })
      .then((response) => response.json())
      .catch(() => ({}))) as { version?: string; commit?: string };
    const running = `${health.version ?? 'unknown'}${health.commit ? ` (${health.commit.slice(0, 7)})` : ''}`;
    findings.push(
      health.version === siteVersion && health.commit === siteCommit
        ? ok(`the site runs version ${running}, this code`)
        : problem(
            `the site runs version ${running}, but this code is ${siteRelease}`,
            'restart the site to run this code (sudo systemctl restart northstar), or run the doctor of the release that runs',
          ),
    );
  }
  if (!repository) return [...findings, ok('no git repository here to look for newer releases in')];
  const tags = (() => {
    try {
      return execFileSync('git', ['-c', 'safe.directory=*', '-C', repository, 'tag', '--list', 'v*'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).split('\n');
    } catch {
      return [];
    }
  })();
  const newer = tags
    .map((tag) => /^v(\d+)\.(\d+)\.(\d+)$/.exec(tag.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .filter((match) => compareVersions(match.slice(1).map(Number), siteVersion.split('.').map(Number)) > 0)
    .sort((a, b) => compareVersions(b.slice(1).map(Number), a.slice(1).map(Number)))[0]?.[0];
  return [
    ...findings,
    newer
      ? problem(
          `a newer release, ${newer}, is in ${repository}`,
          `read its CHANGELOG section, back up (sudo northstar backup), then upgrade: cd /srv/northstar/current && sudo npm run upgrade -- ${newer}`,
        )
      : ok(`no release newer than ${siteVersion} in ${repository} (git -C ${repository} fetch --tags to look again)`),
  ];
}

const compareVersions = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

/** The deploy root's clone (decision 0051), else the git checkout the doctor runs in. */
function releaseRepository(): string | undefined {
  const root = process.env.NORTHSTAR_ROOT || '/srv/northstar';
  if (fs.existsSync(path.join(root, 'repo', '.git'))) return path.join(root, 'repo');
  return fs.existsSync('.git') ? process.cwd() : undefined;
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

export async function checkBackups(config: Config, now: Date): Promise<Finding> {
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

/**
 * The key that encrypts authenticator-app secrets (SECRETS_KEY_FILE, decision 0058): readable by
 * the site, no one else's to read, and the key the database's secrets were encrypted with. None
 * yet is fine while nothing needs one: the next start makes it.
 */
export async function checkSecretsKey(config: Config): Promise<Finding> {
  const file = config.secretsKeyFile;
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'site.db'))) {
    return problem(`the secrets key ${file} was not checked (no database)`, 'see the DATA_DIR finding above');
  }
  const database = openDatabase(config);
  try {
    const wrong = await secretsKeyProblem(database.db, file);
    if (wrong) return problem(wrong.what, wrong.fix);
    if (!fs.existsSync(file)) return ok(`no secrets key yet at ${file}: the next start makes it`);
    const mode = fs.statSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      return problem(
        `the secrets key ${file} is open to other users (mode ${mode.toString(8)})`,
        `sudo chmod 600 ${file}`,
      );
    }
    return ok(
      `the secrets key ${file} opens the stored authenticator-app secrets (keep a copy with the restic password)`,
    );
  } catch (error) {
    return problem(
      `the secrets key could not be checked: ${(error as Error).message}`,
      'see the database finding above',
    );
  } finally {
    await database.close();
  }
}
