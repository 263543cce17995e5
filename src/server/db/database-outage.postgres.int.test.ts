import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';
import { type Database, openDatabase } from './connection';

const contact = {
  firstName: 'Tom',
  lastName: 'Reed',
  email: 'tom@example.com',
  mobile: '07700 900123',
};

/**
 * PostgreSQL behind a TCP proxy that the test cuts and restores: the app's connections really
 * break, as in a database restart. SQLite is a file in the process, with no server to lose.
 */
describe('the database going away and coming back', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    direct = await createTestDatabase();
    const target = new URL(direct.databaseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = openDatabase({ databaseUrl: viaProxy.href, dataDir: direct.dataDir });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: direct.dataDir, LOG_LEVEL: 'silent', PAGE_CACHE_MS: '0' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    await direct?.dispose();
  });

  const acknowledged: number[] = [];
  let sent = 0;
  const enquire = async () => {
    sent += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      remoteAddress: `10.9.${Math.floor(sent / 250)}.${(sent % 250) + 1}`,
      payload: { ...contact, message: `Outage test enquiry ${sent}` },
    });
    if (response.statusCode === 201) acknowledged.push(response.json<{ id: number }>().id);
    return response;
  };
  const health = async () => (await app.inject('/api/health')).statusCode;
  const recovered = () => expect.poll(health, { interval: 100, timeout: 20_000 }).toBe(200);

  it('answers 503 with Retry-After and our error while away, fails the health check, and recovers without a restart', async () => {
    expect((await enquire()).statusCode).toBe(201);
    expect(await health()).toBe(200);

    await proxy.cut();
    const during = await Promise.all(Array.from({ length: 20 }, enquire));
    for (const response of during) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'We could not save or load this just now. Please try again in a minute.',
        code: 'UNAVAILABLE',
      });
    }
    expect(await health()).toBe(503);
    const listing = await app.inject('/api/blog');
    expect(listing.statusCode).toBe(503);
    // A browser asking for a page reads the same words as a page, with a way to try again.
    const browserAsks = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await app.inject({ url: '/blog?q=<b>', headers: browserAsks });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<p>We could not save or load this just now. Please try again in a minute.</p>');
    expect(page.body).toContain('<a href="">Try again</a>');
    expect(page.body).not.toContain('<b>');
    expect((await app.inject({ url: '/api/blog', headers: browserAsks })).json()).toMatchObject({
      code: 'UNAVAILABLE',
    });

    await proxy.restore();
    await recovered();
    expect((await enquire()).statusCode).toBe(201);
  });

  it('loses no acknowledged enquiry when the connection breaks mid-traffic', async () => {
    const inFlight = Array.from({ length: 60 }, enquire);
    await new Promise((resolve) => setImmediate(resolve));
    await proxy.cut();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect([201, 503]).toContain(answer.statusCode);
    await proxy.restore();
    await recovered();
    for (let i = 0; i < 5; i += 1) expect((await enquire()).statusCode).toBe(201);

    const stored = await direct.db.selectFrom('contact_submissions').select('id').execute();
    const storedIds = new Set(stored.map((row) => row.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
  });
});
