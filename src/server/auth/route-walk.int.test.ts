import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustBeProtected } from '../../../tests/support/admin-route-expectations';
import { createTestApp, routeTable, type TestApp } from '../../../tests/support/app';

const KEY = 'route-walk-key-0123456789abcdef';

describe('every admin route answers 401 without the right key or a live session', () => {
  const { routes, onRoute } = routeTable();
  let subject: TestApp;
  let address = 0;
  // Each request from its own address, so the failure limiter never turns a 401 into a 429 here.
  const nextAddress = () => `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY },
      onRoute,
    });
  });
  afterAll(() => subject.close());

  const protectedRoutes = () => routes.filter(({ method, url }) => mustBeProtected(method, url));
  // Fill path parameters with something plausible; the key check runs before the handler anyway.
  const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'anything');

  it('finds the routes the server registers, including the inbox', () => {
    expect(routes.length).toBeGreaterThan(5);
    const names = protectedRoutes().map(({ method, url }) => `${method} ${url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/contact-submissions',
        'PUT /api/contact-submissions/:id',
        'DELETE /api/contact-submissions/:id',
        'GET /api/contact-submissions/export.csv',
        'GET /api/admin/bin',
        'POST /api/admin/bin/:kind/:id/restore',
        'DELETE /api/admin/bin/:kind/:id',
        'GET /api/admin/images/:id/usage',
        'GET /api/contact-submissions/:id/notes',
        'POST /api/contact-submissions/:id/notes',
        'GET /api/contact-submissions/:id/notification',
        'POST /api/contact-submissions/:id/notification/retry',
      ]),
    );
  });

  it('refuses each protected route with no key, an empty key and a wrong key', async () => {
    const failures: string[] = [];
    for (const { method, url } of protectedRoutes()) {
      for (const headers of [
        {},
        { 'x-api-key': '' },
        { 'x-api-key': `${KEY}x` },
        { 'x-api-key': KEY.slice(0, -1) },
        // A session cookie that names no live session (made up, or ended), with or without a CSRF token.
        { cookie: `admin_session=${'A'.repeat(43)}` },
        { cookie: `admin_session=${'A'.repeat(43)}`, 'x-csrf-token': 'A'.repeat(43) },
        { cookie: 'admin_session=%' },
      ]) {
        const response = await subject.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          remoteAddress: nextAddress(),
        });
        const body = method === 'HEAD' ? { code: 'UNAUTHORIZED' } : response.json();
        if (response.statusCode !== 401 || body.code !== 'UNAUTHORIZED') {
          failures.push(`${method} ${url} with ${JSON.stringify(headers)} answered ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the right key through on each protected route (no 401)', async () => {
    for (const { method, url } of protectedRoutes()) {
      const response = await subject.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, `${method} ${url}`).not.toBe(401);
    }
  });

  it('refuses every protected write made with a live session but without its CSRF token (403)', async () => {
    const signIn = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'x-api-key': KEY },
      remoteAddress: nextAddress(),
    });
    const token = signIn.cookies.find(({ name }) => name === 'admin_session')!.value;
    const failures: string[] = [];
    const writes = protectedRoutes().filter(({ method }) => !['GET', 'HEAD'].includes(method));
    expect(writes.length).toBeGreaterThan(5);
    for (const { method, url } of writes) {
      for (const headers of [{}, { 'x-csrf-token': 'A'.repeat(43) }]) {
        const response = await subject.app.inject({
          method: method as 'POST',
          url: concrete(url),
          cookies: { admin_session: token },
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
          remoteAddress: nextAddress(),
        });
        if (response.statusCode !== 403 || response.json().code !== 'CSRF_FAILED') {
          failures.push(`${method} ${url} with ${JSON.stringify(headers)} answered ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('leaves public reads open', async () => {
    const health = await subject.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const setting = await subject.app.inject('/api/settings/brand_text');
    expect(setting.statusCode).toBe(200);
  });
});
