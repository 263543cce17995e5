import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { freePort, runOps } from '../../../tests/support/ops-commands';
import { joinAsStaff, type JoinedStaff } from '../../../tests/support/staff';
import { prepareSecretsAtRest, secretsKeyProblem } from './secrets-start';

const KEY = 'secrets-at-rest-key-0123456789abcdef';
const repo = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts the server as main.js does (from source), with only these settings, and answers how it
 * ended; one that does not refuse is stopped after `patience` and answers status null.
 */
async function start(env: Record<string, string>, args: string[] = [], patience = 60_000) {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const variable of ['DATA_DIR', 'DATABASE_URL', 'TEST_DB', 'TEST_DATABASE_URL', 'SECRETS_KEY_FILE'])
    delete environment[variable];
  const child = spawn(path.join(repo, 'node_modules/.bin/tsx'), [path.join(repo, 'src/server/main.ts'), ...args], {
    cwd: os.tmpdir(),
    env: { ...environment, HOST: '127.0.0.1', PORT: String(await freePort()), WEB_CONCURRENCY: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), patience);
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { status, stdout, stderr };
}

describe('authenticator-app secrets are encrypted at rest (issue 36)', () => {
  let subject: TestApp;
  let at = Date.UTC(2026, 10, 27, 9, 0, 0);
  const now = () => new Date(at);
  let person: JoinedStaff;
  let address = 0;

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: now });
    person = await joinAsStaff(
      subject,
      { 'x-api-key': KEY },
      { email: 'amal@example.test', roles: ['editor'], name: 'Amal App', at: now() },
    );
  }, 60_000);
  afterAll(() => subject.close());

  const storedSecret = async () =>
    (
      await subject.database.db
        .selectFrom('staff_accounts')
        .select('totp_secret')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow()
    ).totp_secret!;

  /** A whole sign-in with the password and the app's code, one step of the clock later. */
  const signIn = async () => {
    at += 30_000;
    const remoteAddress = `10.9.0.${++address}`;
    const first = await subject.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { email: person.email, password: person.password },
      remoteAddress,
    });
    expect(first.json()).toMatchObject({ next: 'authenticator-app' });
    return subject.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in/code',
      payload: { challenge: (first.json() as { challenge: string }).challenge, code: person.code(now()) },
      remoteAddress,
    });
  };

  it('stores no readable secret: the column holds v1: and the database files hold nothing of it', async () => {
    const stored = await storedSecret();
    expect(stored).toMatch(/^v1:[\w-]+$/);
    expect(stored).not.toContain(person.secret);
    if (!subject.database.databaseUrl) {
      // Every byte SQLite keeps: the database file and its write-ahead log. The stored value is
      // found there (so the search looks in the right place), the secret is not.
      const files = fs.readdirSync(subject.database.dataDir).filter((name) => name.startsWith('site.db'));
      const bytes = files.map((file) => fs.readFileSync(path.join(subject.database.dataDir, file)));
      expect(bytes.some((each) => each.includes(stored))).toBe(true);
      expect(bytes.filter((each) => each.includes(person.secret))).toEqual([]);
    } else {
      const rows = await subject.database.db
        .selectFrom('staff_accounts')
        .select('totp_secret')
        .where('totp_secret', 'like', `%${person.secret}%`)
        .execute();
      expect(rows).toEqual([]);
    }
    // The key itself is a file beside the data, mode 0600, never in the database.
    expect(fs.statSync(subject.config.secretsKeyFile).mode & 0o777).toBe(0o600);
  });

  it('signs in with the app’s code', async () => {
    expect((await signIn()).statusCode).toBe(201);
  });

  it('encrypts a secret stored readable before, at the next start, once; the app still signs in', async () => {
    await subject.database.db
      .updateTable('staff_accounts')
      .set({ totp_secret: person.secret })
      .where('id', '=', person.id)
      .execute();
    expect((await signIn()).statusCode).toBe(201);
    await prepareSecretsAtRest(subject.database.db, subject.config.secretsKeyFile, now);
    const sealed = await storedSecret();
    expect(sealed).toMatch(/^v1:/);
    await prepareSecretsAtRest(subject.database.db, subject.config.secretsKeyFile, now);
    expect(await storedSecret()).toBe(sealed);
    expect((await signIn()).statusCode).toBe(201);
  });

  it('stores a new app’s secret encrypted too (Your account)', async () => {
    at += 30_000;
    const offered = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/staff/me/authenticator/options',
      headers: person.headers,
    });
    const { secret } = offered.json() as { secret: string };
    const { stepAt, totpCode } = await import('./totp');
    // Signing in just now was the fresh proof the change needs.
    const session = await signIn();
    const cookie = session.cookies.find((each) => each.name === 'admin_session')!.value;
    const headers = {
      cookie: `admin_session=${cookie}`,
      'x-csrf-token': (session.json() as { csrfToken: string }).csrfToken,
    };
    const changed = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/staff/me/authenticator',
      headers,
      payload: { secret, code: totpCode(secret, stepAt(now())) },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const stored = await storedSecret();
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
  });

  it('refuses to start, in one line naming SECRETS_KEY_FILE and the fix, without the key or with another', async () => {
    const database: Record<string, string> = subject.database.databaseUrl
      ? { DATABASE_URL: subject.database.databaseUrl, DATA_DIR: subject.database.dataDir }
      : { DATA_DIR: subject.database.dataDir };
    const elsewhere = path.join(subject.database.dataDir, 'elsewhere');
    const missing = path.join(elsewhere, 'secrets-key');
    expect(await secretsKeyProblem(subject.database.db, missing)).toMatchObject({
      what: expect.stringContaining('is missing'),
    });

    for (const args of [[], ['--migrate-only']]) {
      const refused = await start({ ...database, SECRETS_KEY_FILE: missing }, args);
      expect(refused.status, refused.stdout + refused.stderr).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        `Cannot start: SECRETS_KEY_FILE ${missing} is missing, and the database holds authenticator-app secrets encrypted with it; put back the key file from the machine that made it (it is kept with the restic password: deploy/README.md, "Restore"); a new key would not open them.`,
      ]);
      // Never a new key made in its place.
      expect(fs.existsSync(missing)).toBe(false);
    }

    // The doctor says the same, as a problem with its fix.
    const doctor = await runOps('doctor', [], { ...database, SECRETS_KEY_FILE: missing });
    expect(doctor.stdout).toContain(
      `PROBLEM SECRETS_KEY_FILE ${missing} is missing, and the database holds authenticator-app secrets encrypted with it`,
    );
    expect(doctor.stdout).toContain('fix: put back the key file from the machine that made it');

    fs.mkdirSync(elsewhere, { recursive: true });
    fs.writeFileSync(missing, `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o600 });
    const another = await start({ ...database, SECRETS_KEY_FILE: missing }, ['--migrate-only']);
    expect(another.status).toBe(1);
    expect(another.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Cannot start: SECRETS_KEY_FILE .* is not the key this database's authenticator-app secrets are encrypted with; put back/,
      ),
    ]);
    fs.chmodSync(missing, 0o644);
    const exposed = await runOps('doctor', [], { ...database, SECRETS_KEY_FILE: missing });
    expect(exposed.stdout).toContain(`PROBLEM SECRETS_KEY_FILE ${missing} is not the key`);

    // The right key still opens everything: the start goes on, and the doctor is content.
    const fine = await start({ ...database }, ['--migrate-only']);
    expect(fine.status, fine.stderr).toBe(0);
    expect((await runOps('doctor', [], database)).stdout).toContain(
      `ok      the secrets key ${subject.config.secretsKeyFile} opens the stored authenticator-app secrets`,
    );
    fs.chmodSync(subject.config.secretsKeyFile, 0o640);
    expect((await runOps('doctor', [], database)).stdout).toContain(
      `PROBLEM the secrets key ${subject.config.secretsKeyFile} is open to other users (mode 640)`,
    );
    fs.chmodSync(subject.config.secretsKeyFile, 0o600);
  }, 300_000);
});
