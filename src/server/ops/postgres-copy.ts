import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { runCommand } from './restic';
import { readSiteContents, type SiteContents } from './site-contents';

/**
 * PostgreSQL's side of backup and restore, with PostgreSQL's own tools (pg_dump, pg_restore and
 * psql from Debian's postgresql-client, the server's major version or newer).
 */

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {}); // a lost connection fails the query in progress instead
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const queryRows = (client: pg.Client) => async (sql: string) => (await client.query(sql)).rows;

/** pg_dump refuses a server newer than itself; this says so before it runs, naming both versions. */
async function checkPgDumpVersion(client: pg.Client): Promise<void> {
  const result = await runCommand('pg_dump', ['--version']);
  if (result.code !== 0) {
    throw new Error('pg_dump is not installed: sudo apt-get install postgresql-client (the server’s version or newer)');
  }
  const toolMajor = Number(/\d+/.exec(result.stdout)?.[0]);
  const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
  const serverMajor = Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  if (!(toolMajor >= serverMajor)) {
    throw new Error(
      `pg_dump is version ${toolMajor} but the server is PostgreSQL ${serverMajor}: install postgresql-client-${serverMajor}`,
    );
  }
}

/**
 * pg_dump of the live database while the site runs. The row counts come from the very snapshot
 * pg_dump copies (an exported snapshot shared with it), so they describe exactly what was dumped.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<SiteContents> {
  return withClient(databaseUrl, async (client) => {
    await checkPgDumpVersion(client);
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const contents = await readSiteContents(queryRows(client));
      const dump = await runCommand('pg_dump', [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${file}`,
        `--dbname=${databaseUrl}`,
      ]);
      if (dump.code !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
      return contents;
    } finally {
      await client.query('commit').catch(() => {});
    }
  });
}

/** What a PostgreSQL database holds (see site-contents.ts). */
export const inspectPostgres = (databaseUrl: string) =>
  withClient(databaseUrl, (client) => readSiteContents(queryRows(client)));

/**
 * Loads a pg_dump file into a database in ONE transaction: with `replace`, everything in its
 * `public` schema is dropped first, inside the same transaction, so the database ends up either
 * exactly as before or exactly as the dump, and no table of a later release is left behind.
 */
export function loadDump(databaseUrl: string, dumpFile: string, { replace }: { replace: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const psql = spawn(
      'psql',
      ['--quiet', '--no-psqlrc', '--single-transaction', '-v', 'ON_ERROR_STOP=1', `--dbname=${databaseUrl}`],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const script = spawn('pg_restore', ['--no-owner', '--no-acl', '--file=-', dumpFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    psql.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    script.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    let scriptCode: number | null = null;
    script.once('error', (error) => (errors += `pg_restore: ${error.message}\n`));
    psql.once('error', (error) => (errors += `psql: ${error.message}\n`));
    script.once('close', (code) => (scriptCode = code));
    if (replace) psql.stdin.write('drop schema public cascade;\ncreate schema public;\n');
    script.stdout.pipe(psql.stdin);
    psql.stdin.on('error', () => {}); // psql stopped early: its exit code says why
    psql.once('close', (code) => {
      const finish = () =>
        code === 0 && scriptCode === 0
          ? resolve()
          : reject(new Error(`the dump could not be loaded: ${errors.trim() || `psql exit code ${code}`}`));
      if (script.exitCode === null && script.signalCode === null) script.once('close', finish);
      else finish();
    });
  });
}

/**
 * Runs `work` on a new, empty database beside the site's (its name plus `_verify_` and random
 * hex), dropped afterwards whatever happens. The site's user needs CREATEDB.
 */
export async function withTemporaryDatabase<T>(databaseUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'site'}_verify_${crypto.randomBytes(4).toString('hex')}`;
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await withClient(databaseUrl, (client) => client.query(`create database ${quoted}`)).catch((error: unknown) => {
    throw new Error(
      `could not create a temporary database to verify in (the site's user needs CREATEDB): ${String(error)}`,
      {
        cause: error,
      },
    );
  });
  url.pathname = `/${encodeURIComponent(name)}`;
  try {
    return await work(url.href);
  } finally {
    await withClient(databaseUrl, (client) => client.query(`drop database if exists ${quoted} with (force)`));
  }
}
