import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminLinkHosts: [],
      retentionMonths: 24,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/site',
      DATABASE_URL: 'postgres://site@db.internal:5432/site',
      ADMIN_API_KEY: 'k'.repeat(32),
      PUBLIC_URL: 'https://www.northstartutors.example/',
      ADMIN_LINK_HOSTS: 'staging.example, Preview.Example ',
      RETENTION_MONTHS: '36',
      ADMIN_SESSION_IDLE_MINUTES: '15',
      ADMIN_SESSION_MAX_HOURS: '8',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/site',
      databaseUrl: 'postgres://site@db.internal:5432/site',
      adminApiKey: 'k'.repeat(32),
      publicUrl: 'https://www.northstartutors.example',
      adminLinkHosts: ['staging.example', 'preview.example'],
      retentionMonths: 36,
      adminSession: { idleMs: 15 * 60_000, maxMs: 8 * 3_600_000 },
    });
  });

  it('ends staff sessions after 30 idle minutes and 12 hours unless told otherwise', () => {
    expect(loadConfig({}).adminSession).toEqual({ idleMs: 30 * 60_000, maxMs: 12 * 3_600_000, stepUpMs: 10 * 60_000 });
    expect(loadConfig({ STEP_UP_MINUTES: '0.5' }).adminSession.stepUpMs).toBe(30_000);
    expect(() => loadConfig({ ADMIN_SESSION_IDLE_MINUTES: 'soon' })).toThrow(/ADMIN_SESSION_IDLE_MINUTES: must be/);
    expect(() => loadConfig({ ADMIN_SESSION_MAX_HOURS: '0' })).toThrow(/ADMIN_SESSION_MAX_HOURS: must be at least/);
  });

  it("reads TRUST_PROXY as off, a number of proxies, or the proxies' addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true and says what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would let any client choose.*TRUST_PROXY=1/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/site'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.test'],
    ['ADMIN_API_KEY', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1, proxy.internal'],
    ['TRUST_PROXY', '100'],
    ['RETENTION_MONTHS', 'two years'],
    ['RETENTION_MONTHS', '0'],
    ['RETENTION_MONTHS', '1.5'],
    ['SMTP_URL', 'http://mail.example.test'],
    ['NOTIFY_EMAIL', 'staff at example'],
    ['ENQUIRY_RATE_LIMIT', '0'],
  ])('stops on a bad %s (%s) and names the variable', (name, value) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('turns staff e-mail on only with SMTP_URL, and then needs NOTIFY_EMAIL', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/NOTIFY_EMAIL/);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'staff@example.test' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      notifyEmail: 'staff@example.test',
      from: 'staff@example.test',
      confirmParents: true,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'a@example.test', PARENT_CONFIRMATION: 'off' }).mail
        ?.confirmParents,
    ).toBe(false);
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'a@example.test', PARENT_CONFIRMATION: 'yes' }),
    ).toThrow(/PARENT_CONFIRMATION/);
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mail.example.test',
        NOTIFY_EMAIL: 'a@example.test',
        MAIL_FROM: 'Site <b@x.test>',
      }).mail?.from,
    ).toBe('Site <b@x.test>');
  });

  it('runs one process per core by default, or the number WEB_CONCURRENCY names', () => {
    expect(loadConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '12' }).webConcurrency).toBe(12);
    for (const bad of ['0', '-1', '100', '2.5', 'all', ' 2']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/);
    }
  });

  it('logs every request unless REQUEST_LOG=errors keeps only the failed and slow ones', () => {
    expect(loadConfig({}).requestLog).toBe('all');
    expect(loadConfig({ REQUEST_LOG: 'errors' }).requestLog).toBe('errors');
    expect(() => loadConfig({ REQUEST_LOG: 'off' })).toThrow("REQUEST_LOG: must be 'all' or 'errors'");
  });
});
