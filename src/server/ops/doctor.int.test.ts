import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import {
  createResticRepository,
  freePort,
  opsTimeouts,
  runOps,
  type TestResticRepository,
} from '../../../tests/support/ops-commands';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';

const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const day = 24 * 60 * 60 * 1000;

describe(`npm run doctor (${engine})`, { timeout: opsTimeouts.test }, () => {
  let site: TestApp;
  let repository: TestResticRepository;
  let smtp: TestSmtpServer;
  let database: Record<string, string>;
  beforeEach(async () => {
    site = await createTestApp();
    repository = createResticRepository();
    smtp = await startTestSmtpServer();
    database = {
      DATA_DIR: site.database.dataDir,
      ...(site.database.databaseUrl ? { DATABASE_URL: site.database.databaseUrl } : {}),
    };
  }, opsTimeouts.hook);
  afterEach(async () => {
    await site.close();
    await smtp.close();
    repository.dispose();
  }, opsTimeouts.hook);

  it('finds nothing wrong with a running, reachable, migrated and backed-up site', async () => {
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as net.AddressInfo;
    const settings = {
      ...database,
      ...repository.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@example.test',
    };
    expect((await runOps('backup', [], settings)).status).toBe(0);

    const doctor = await runOps('doctor', [], settings);
    expect(doctor.stdout).not.toContain('PROBLEM');
    expect(doctor.stdout).toContain(`version ${packageJson.version}`);
    expect(doctor.stdout).toContain('database answers and is migrated');
    expect(doctor.stdout).toContain(`http://127.0.0.1:${port} reaches this site`);
    // Reachable, but by an IP address: passkeys cannot work, which is said without failing the check.
    expect(doctor.stdout).toContain("WARNING PUBLIC_URL's host 127.0.0.1 is an IP address: passkeys cannot work");
    expect(doctor.stdout).toContain('accepts the site');
    expect(doctor.stdout).toContain('the last good backup is 0.0 hours old');
    expect(doctor.stdout).toContain('No problems found.');
    expect(doctor.status).toBe(0);
  });

  it('names each problem with its fix and exits 1', async () => {
    // The database is a migration behind, the site is stopped, mail and addresses are wrong, and
    // the newest backup is three days old.
    await sql`delete from kysely_migration where name = ${'2026-11-23-1431-bin'}`.execute(site.database.db);
    const closedPort = await freePort();
    repository.storeSnapshot([`engine=${engine}`], new Date(Date.now() - 3 * day));

    const doctor = await runOps('doctor', [], {
      ...database,
      ...repository.env,
      PORT: String(closedPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://www.example.test',
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      NOTIFY_EMAIL: 'office@example.test',
    });
    expect(doctor.status).toBe(1);
    const problems = doctor.stdout.split('\n').filter((line) => line.startsWith('PROBLEM'));
    expect(problems).toEqual([
      'PROBLEM the database is 1 migration(s) behind this code (2026-11-23-1431-bin)',
      'PROBLEM PUBLIC_URL is https but TRUST_PROXY is false',
      `PROBLEM nothing answers on port ${closedPort}: the site is not running`,
      expect.stringContaining(`PROBLEM the SMTP server 127.0.0.1:${closedPort} does not accept the site`),
      expect.stringContaining('PROBLEM the last good backup is 72 hours old'),
    ]);
    expect(doctor.stdout).toContain('fix: restart the site: migrations run at start');
    expect(doctor.stdout).toContain("fix: set TRUST_PROXY to the proxy's address");
    expect(doctor.stdout).toContain('5 problem(s) found.');
  });

  it('names the settings file it was given and complains when every user can read it', async () => {
    const settingsFile = path.join(site.database.dataDir, 'env');
    fs.writeFileSync(settingsFile, '# the service reads this\n', { mode: 0o644 });
    const doctor = await runOps('doctor', [], { ...database, NORTHSTAR_SETTINGS_FILE: settingsFile });
    expect(doctor.stdout).toContain(`ok      settings from ${settingsFile}`);
    expect(doctor.stdout).toContain(`PROBLEM the settings file ${settingsFile} is readable by every user`);
    expect(doctor.stdout).toContain(`fix: sudo chmod 600 ${settingsFile}`);
    expect(doctor.status).toBe(1);
  });

  it('without a backup repository or a database where the settings point, says so', async () => {
    const elsewhere = path.join(site.database.dataDir, 'elsewhere');
    const doctor = await runOps(
      'doctor',
      [],
      engine === 'sqlite' ? { DATA_DIR: elsewhere } : { ...database, DATA_DIR: site.database.dataDir },
    );
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain('PROBLEM no off-site backups are configured');
    expect(doctor.stdout).toContain('fix: RESTIC_REPOSITORY is not set');
    if (engine === 'sqlite') expect(doctor.stdout).toContain(`PROBLEM DATA_DIR ${elsewhere} does not exist`);
  });

  it('names a misspelt setting and a database it cannot reach by their variables', async () => {
    const closedPort = await freePort();
    const doctor = await runOps('doctor', [], {
      DATA_DIR: site.database.dataDir,
      DATABASE_URL: `postgres://site:a-secret@127.0.0.1:${closedPort}/site`,
      PUBLIK_URL: 'https://www.example.test',
      // restic's variables are checked against the same list (config.ts, settingNames) as the server's.
      RESTIC_REPOSITRY: 'sftp:backup@example.test:/site',
    });
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain(
      'PROBLEM PUBLIK_URL is not a setting of this site and is ignored: did you mean PUBLIC_URL?',
    );
    expect(doctor.stdout).toContain(
      'PROBLEM RESTIC_REPOSITRY is not a setting of this site and is ignored: did you mean RESTIC_REPOSITORY?',
    );
    expect(doctor.stdout).toContain(
      `PROBLEM DATABASE_URL=postgres://127.0.0.1:${closedPort}/site cannot be reached: ECONNREFUSED (nothing listens there)`,
    );
    expect(doctor.stdout).not.toContain('a-secret');
  });
});
