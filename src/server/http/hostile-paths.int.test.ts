import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { listenForRawRequests, type RawResponse } from '../../../tests/support/raw-request';

/** Paths an attacker sends: none may leave this site, throw, or cost more than a linear pass. */
describe('hostile page paths', () => {
  let subject: TestApp;
  let get: (path: string) => Promise<RawResponse>;
  beforeAll(async () => {
    subject = await createTestApp();
    get = await listenForRawRequests(subject.app);
  });
  afterAll(() => subject.close());

  it.each([
    ['//evil.example/', '/evil.example'],
    ['///evil.example/', '/evil.example'],
    ['/\\evil.example/', '/evil.example'],
    ['//evil.example/?a=1', '/evil.example?a=1'],
    ['/blog/', '/blog'],
  ])('%s redirects only within the site, to %s', async (url, location) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('redirects 15,000 slashes to one address on this site', async () => {
    const response = await get(`${'/'.repeat(15_000)}a/`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/a');
  });

  it('never puts another host in the canonical or og:url of a 404', async () => {
    const response = await get('//evil.example/x');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<link rel="canonical" href="https://www.example.test/evil.example/x"');
    expect(response.body).toContain('<meta property="og:url" content="https://www.example.test/evil.example/x"');
    expect(response.body).not.toMatch(/(href|content)="https?:\/\/evil\.example/);
  });

  it('//%00 answers our 400 naming the path (a NUL is never a page)', async () => {
    const response = await get('//%00');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'path' });
  });

  it.each(['///.', '//%2f'])('%s renders a page instead of throwing', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).toContain('<link rel="canonical" href="https://www.example.test/');
  });
});
