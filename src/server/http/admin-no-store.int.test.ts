import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeTable, type TestApp } from '../../../tests/support/app';
import { isAdminRoute } from '../auth/admin-routes';

const KEY = 'admin-no-store-key-0123456789abcdef';

describe('every admin answer is no-store, from one hook (issue 36)', () => {
  let subject: TestApp;
  const table = routeTable();
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, onRoute: table.onRoute });
  });
  afterAll(() => subject.close());

  const get = (url: string, headers: Record<string, string> = { 'x-api-key': KEY }) =>
    subject.app.inject({ url, headers });

  it('sends it on the site facts and their revisions, which once went without', async () => {
    for (const url of ['/api/admin/site', '/api/admin/site/revisions']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends it on refusals and on an address under /api/admin that no route has', async () => {
    expect((await get('/api/admin/site', {})).headers['cache-control']).toBe('no-store');
    expect((await get('/api/admin/no-such-thing')).headers['cache-control']).toBe('no-store');
  });

  it('sends it on every admin read the app registers', async () => {
    const reads = table.routes.filter(
      ({ method, url }) => method === 'GET' && (url.startsWith('/api/admin') || isAdminRoute('GET', url, false)),
    );
    // Reads outside /api/admin that declare a role are admin too (the inbox's).
    reads.push(
      { method: 'GET', url: '/api/contact-submissions' },
      { method: 'GET', url: '/api/contact-submissions/1/notes' },
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const { url } of reads) {
      const answer = await get(url.replace(/:\w+/g, '1'));
      expect(answer.headers['cache-control'], `${url}: ${answer.statusCode}`).toBe('no-store');
    }
  });
});
