import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { rotateKey } from './admin-key';
import { deleteEndedSessions } from './admin-sessions';

const KEY = 'session-test-key-0123456789abcdef';
const ORIGIN = 'https://www.example.test';
const MINUTE = 60_000;
const ENDED = { error: 'Your session has ended. Please sign in again.', code: 'UNAUTHORIZED' };

/** The sessions' clock: tests move it instead of waiting half an hour. */
const testClock = () => movableClock(Date.UTC(2030, 0, 1, 9));

let addressCount = 0;
// Each test from its own address, so failure counting in one never blocks another.
const nextAddress = () => `10.2.0.${++addressCount}`;

function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find(({ name }) => name === 'admin_session');
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie.value;
}

describe('staff sessions', () => {
  let subject: TestApp;
  const clock = testClock();
  let remoteAddress: string;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, adminAuth: { maxFailures: 3 }, clock: clock.now });
  });
  afterAll(() => subject.close());
  beforeEach(() => {
    remoteAddress = nextAddress();
  });

  const signIn = async (key = KEY) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'x-api-key': key },
      remoteAddress,
    });
    return response;
  };
  const opened = async () => {
    const response = await signIn();
    expect(response.statusCode).toBe(201);
    return { token: sessionCookieOf(response), csrf: (response.json() as { csrfToken: string }).csrfToken };
  };
  const list = (token: string) =>
    subject.app.inject({ url: '/api/contact-submissions', cookies: { admin_session: token }, remoteAddress });
  const saveSetting = (token: string, headers: Record<string, string>) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/settings',
      cookies: { admin_session: token },
      headers: { 'content-type': 'application/json', ...headers },
      payload: { key: 'brand_text', value: 'Northstar Tutors' },
      remoteAddress,
    });

  it('signs in with the key and answers an HttpOnly, Secure, SameSite=Strict cookie for the API only', async () => {
    const response = await signIn();
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = response.cookies.find(({ name }) => name === 'admin_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie).not.toHaveProperty('maxAge');
    const body = response.json() as { csrfToken: string; idleMs: number; expiresAt: string };
    expect(body).toEqual({
      // The key is nobody's account: it acts as an owner (decision 0058).
      who: { name: 'Admin key', kind: 'key', id: null, roles: ['owner'] },
      csrfToken: expect.stringMatching(/^[\w-]{43}$/),
      idleMs: 30 * MINUTE,
      expiresAt: new Date(clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain(cookie.value);
  });

  it('stores only a hash of the session token', async () => {
    const { token, csrf } = await opened();
    const rows = await subject.database.db.selectFrom('admin_sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(csrf);
    expect(JSON.stringify(rows)).not.toContain(KEY);
  });

  it('lets the cookie do what the key does, and tells the screens its CSRF token', async () => {
    const { token, csrf } = await opened();
    expect((await list(token)).statusCode).toBe(200);
    const current = await subject.app.inject({ url: '/api/session', cookies: { admin_session: token } });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('no-store');
    expect(current.json()).toMatchObject({ signedIn: true, csrfToken: csrf, idleMs: 30 * MINUTE });
  });

  it('answers a signed-out status (not an error) without a live session, and clears a dead cookie', async () => {
    const none = await subject.app.inject({ url: '/api/session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ signedIn: false });
    expect(none.headers['set-cookie']).toBeUndefined();
    const dead = await subject.app.inject({ url: '/api/session', cookies: { admin_session: 'A'.repeat(43) } });
    expect(dead.json()).toEqual({ signedIn: false });
    expect(dead.cookies.find(({ name }) => name === 'admin_session')?.value).toBe('');
  });

  it('refuses a state-changing call without the CSRF token, with a wrong one, or from another origin (403)', async () => {
    const { token, csrf } = await opened();
    const refusal = {
      error: 'This request did not come from the staff area. Please reload the page.',
      code: 'CSRF_FAILED',
    };
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-csrf-token': '' },
      { 'x-csrf-token': `${csrf}x` },
      { 'x-csrf-token': csrf.slice(0, -1) },
      { 'x-csrf-token': token },
      { 'x-csrf-token': csrf, origin: 'https://evil.example' },
      { 'x-csrf-token': csrf, origin: 'null' },
    ]) {
      const response = await saveSetting(token, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    expect((await saveSetting(token, { 'x-csrf-token': csrf, origin: ORIGIN })).statusCode).toBe(200);
    expect((await saveSetting(token, { 'x-csrf-token': csrf })).statusCode).toBe(200);
  });

  it("refuses another session's CSRF token", async () => {
    const first = await opened();
    const second = await opened();
    expect((await saveSetting(first.token, { 'x-csrf-token': second.csrf })).statusCode).toBe(403);
  });

  it('ends after 30 minutes without a call; each call restarts the idle clock', async () => {
    const { token } = await opened();
    clock.advance(29 * MINUTE);
    expect((await list(token)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await list(token)).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    const ended = await list(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual(ENDED);
    // Ended for good: moving the clock back (or another call) does not revive it.
    expect((await list(token)).statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in however busy', async () => {
    const { token } = await opened();
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      clock.advance(20 * MINUTE);
      expect((await list(token)).statusCode, `after ${elapsed + 20} minutes`).toBe(200);
    }
    clock.advance(20 * MINUTE);
    expect((await list(token)).json()).toEqual(ENDED);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const { token, csrf } = await opened();
    const forged = await subject.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      cookies: { admin_session: token },
    });
    expect(forged.statusCode).toBe(403);
    expect((await list(token)).statusCode).toBe(200);

    const out = await subject.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      cookies: { admin_session: token },
      headers: { 'x-csrf-token': csrf, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find(({ name }) => name === 'admin_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    // The browser also drops what the admin screens kept in its storage (admin answers are never cached).
    expect(out.headers['clear-site-data']).toBe('"cookies", "storage"');
    expect((await list(token)).json()).toEqual(ENDED);
  });

  it('keeps x-api-key working for scripts, without a session or a CSRF token', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      payload: { key: 'brand_text', value: 'Northstar Tutors' },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('cannot be brute-forced: wrong keys at sign-in meet the failure limiter, then even the right key waits', async () => {
    for (let i = 0; i < 3; i += 1) {
      const wrong = await signIn(`${KEY}-${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    }
    const blocked = await signIn();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('answers hostile or made-up cookies with 401, never a 500', async () => {
    const made = 'A'.repeat(43);
    const cookieHeaders = [
      'admin_session=',
      'admin_session=%',
      'admin_session=%E0%A4%A',
      'admin_session="',
      'admin_session=""',
      `admin_session=${made}`,
      `admin_session=${'x'.repeat(8000)}`,
      'admin_session=../../etc/passwd',
      "admin_session=' OR 1=1 --",
      'admin_session=\u00e9\u00e9',
      `admin_session=a; admin_session=${made}`,
      '=;;;=; admin_session',
      '__proto__=1; constructor=2; admin_session=3',
    ];
    for (const cookie of cookieHeaders) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await subject.app.inject({
          method,
          url: method === 'GET' ? '/api/contact-submissions' : '/api/admin/session',
          headers: { cookie },
          remoteAddress,
        });
        expect(response.statusCode, `${method} ${cookie.slice(0, 60)}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      const status = await subject.app.inject({ url: '/api/session', headers: { cookie }, remoteAddress });
      expect(status.statusCode, cookie.slice(0, 60)).toBe(200);
      expect(status.json()).toEqual({ signedIn: false });
    }
    // Made-up tokens are no guesses worth counting: the office's address is not locked out.
    expect((await signIn()).statusCode).toBe(201);
  });

  it('the daily purge deletes idle and expired sessions and keeps live ones', async () => {
    await subject.database.db.deleteFrom('admin_sessions').execute();
    const idle = await opened();
    clock.advance(25 * MINUTE);
    const live = await opened();
    clock.advance(10 * MINUTE);
    expect(await deleteEndedSessions(subject.database.db, subject.config.adminSession, clock.now())).toBe(1);
    expect((await list(live.token)).statusCode).toBe(200);
    expect((await list(idle.token)).statusCode).toBe(401);
    clock.advance(13 * 60 * MINUTE);
    expect(await deleteEndedSessions(subject.database.db, subject.config.adminSession, clock.now())).toBe(1);
    expect(await subject.database.db.selectFrom('admin_sessions').selectAll().execute()).toEqual([]);
  });
});

describe('a changed key ends every session', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const signIn = async (app: TestApp['app'], key: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'x-api-key': key },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(201);
    return sessionCookieOf(response);
  };
  const list = (app: TestApp['app'], token: string) =>
    app.inject({ url: '/api/contact-submissions', cookies: { admin_session: token } });

  it('npm run admin:key (rotateKey) ends the sessions opened with the old key', async () => {
    const key = await rotateKey(subject.database.db, new Date());
    const first = await signIn(subject.app, key);
    const second = await signIn(subject.app, key);
    const newKey = await rotateKey(subject.database.db, new Date());
    expect((await list(subject.app, first)).json()).toEqual(ENDED);
    expect((await list(subject.app, second)).statusCode).toBe(401);
    expect((await list(subject.app, await signIn(subject.app, newKey))).statusCode).toBe(200);
  });

  it('a new ADMIN_API_KEY ends the sessions opened with the old one, on every instance', async () => {
    const instance = (key: string) =>
      buildApp({
        config: loadConfig({ DATA_DIR: subject.database.dataDir, ADMIN_API_KEY: key, LOG_LEVEL: 'silent' }),
        database: subject.database,
        logger: false,
      });
    const before = await instance(KEY);
    const after = await instance(`${KEY}-changed`);
    try {
      const token = await signIn(before, KEY);
      expect((await list(before, token)).statusCode).toBe(200);
      expect((await list(after, token)).json()).toEqual(ENDED);
    } finally {
      await before.close();
      await after.close();
    }
  });

  it('is shared by every instance on the database: opened on one, used and ended on another', async () => {
    const instance = () =>
      buildApp({
        config: loadConfig({ DATA_DIR: subject.database.dataDir, ADMIN_API_KEY: KEY, LOG_LEVEL: 'silent' }),
        database: subject.database,
        logger: false,
      });
    const [one, two] = [await instance(), await instance()];
    try {
      const opened = await one.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { 'x-api-key': KEY },
        remoteAddress: nextAddress(),
      });
      const token = sessionCookieOf(opened);
      const { csrfToken } = opened.json() as { csrfToken: string };
      expect((await list(two, token)).statusCode).toBe(200);
      const out = await two.inject({
        method: 'DELETE',
        url: '/api/admin/session',
        cookies: { admin_session: token },
        headers: { 'x-csrf-token': csrfToken },
      });
      expect(out.statusCode).toBe(204);
      expect((await list(one, token)).json()).toEqual(ENDED);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('the Secure attribute', () => {
  it('is left off on plain HTTP, and set when a trusted proxy says the visitor came over HTTPS', async () => {
    const subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '1' },
    });
    try {
      const signIn = (headers: Record<string, string>) =>
        subject.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          headers: { 'x-api-key': KEY, ...headers },
          remoteAddress: '127.0.0.1',
        });
      const plain = (await signIn({})).cookies.find(({ name }) => name === 'admin_session')!;
      expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect(plain.secure).toBeUndefined();
      const proxied = await signIn({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' });
      expect(proxied.cookies.find(({ name }) => name === 'admin_session')).toMatchObject({ secure: true });
    } finally {
      await subject.close();
    }
  });
});
