import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsRepo } from '../features/settings/repo';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { contact } from '../../../tests/support/enquiries-payloads';
import { defaultSiteFacts } from '../../shared/site-facts/defaults';

const adminKey = 'test-admin-key-0123456789abcdef';

describe('page cache in the app', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { PAGE_CACHE_MS: '60000', ADMIN_API_KEY: adminKey } });
  });
  afterAll(() => subject.close());

  const get = (url: string, headers: Record<string, string> = {}) => subject.app.inject({ url, headers });

  it('answers with the bytes of a fresh render, in brotli, gzip or none as the browser asks', async () => {
    subject.app.pageCache.clear();
    const fresh = (await get('/blog')).rawPayload; // rendered for this request
    const plain = await get('/blog');
    const brotli = await get('/blog', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/blog', { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    const none = await get('/blog', { 'accept-encoding': 'br;q=0, gzip;q=0' });

    expect(plain.rawPayload).toEqual(fresh);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload)).toEqual(fresh);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload)).toEqual(fresh);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload).toEqual(fresh);
    for (const response of [plain, brotli, gzip]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(new Set([plain, brotli, gzip].map((response) => response.headers.etag)).size).toBe(3);
  });

  it('answers 304 with no body when the browser already holds those bytes', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // The same ETag does not match the page in another coding.
    const gzip = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.statusCode).toBe(200);
  });

  it('keeps serving a page changed behind the API, and shows an API write on the next load', async () => {
    subject.app.pageCache.clear();
    const settings = createSettingsRepo(
      subject.database.db,
      () => new Date(),
      async () => defaultSiteFacts.details.name,
    );
    expect((await get('/')).body).toContain('>Northstar</span>');

    await settings.set('brand_text', 'Bright Minds');
    expect((await get('/')).body).toContain('>Northstar</span>');
    // A failed write leaves the cache alone.
    expect((await subject.app.inject({ method: 'POST', url: '/api/nowhere' })).statusCode).toBe(404);
    expect((await get('/')).body).toContain('>Northstar</span>');
    // So does a parent's enquiry: it changes no page, and a busy form must not empty the cache.
    const enquiry = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      payload: contact,
    });
    expect(enquiry.statusCode).toBe(201);
    expect((await get('/')).body).toContain('>Northstar</span>');

    const write = await subject.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: { 'x-api-key': adminKey },
      payload: { key: 'brand_text', value: 'Teesside Learners' },
    });
    expect(write.statusCode).toBe(200);
    expect((await get('/', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync((await get('/', { 'accept-encoding': 'br' })).rawPayload).toString();
    expect(body).toContain('>Teesside</span>');
  });

  it('keeps the 404 status of a cached Not-found page', async () => {
    expect((await get('/missing')).statusCode).toBe(404);
    expect((await get('/missing')).statusCode).toBe(404);
  });

  it('compresses other answers per response only above a kilobyte', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const created = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: { 'x-api-key': adminKey },
      payload: {
        title: 'Revision that sticks',
        excerpt: 'Little and often.',
        content: '<p>Short, regular revision sessions help pupils remember more.</p>'.repeat(40),
        author: 'Northstar Tutors',
        category: 'Exam Prep',
      },
    });
    expect(created.statusCode).toBe(201);
    const post = await get(`/api/blog/${created.json().slug}`, { 'accept-encoding': 'br' });
    expect(post.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(post.rawPayload).toString()).title).toBe('Revision that sticks');
  });
});
