import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf } from '../../../tests/support/images-fixtures';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { listenForRawRequests, type RawResponse } from '../../../tests/support/raw-request';
import { contact } from '../../../tests/support/enquiries-payloads';

const KEY = 'hostile-input-key-0123456789abcdef';
const admin = { 'x-api-key': KEY };

/** Input no browser form would send: each answers a 4xx in our shape, never a 500. */
describe('hostile input', () => {
  let subject: TestApp;
  let raw: (path: string) => Promise<RawResponse>;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    raw = await listenForRawRequests(subject.app);
  });
  afterAll(() => subject.close());

  it.each([
    ['/api/blog/a%00b', 'slug'],
    ['/api/blog/search?q=a%00b', 'q'],
    ['/api/blog/category/a%00b', 'category'],
    ['/api/images?q=a%00b', 'q'],
    ['/blog/a%00b', 'path'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const response = await subject.app.inject(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it.each([
    ['message', { ...contact, message: 'a\u0000b' }],
    ['firstName', { ...contact, firstName: 'T\ud800m' }],
  ])('an enquiry with NUL or a lone surrogate in %s answers 400 naming it', async (field, payload) => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/contact-submissions', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('a NUL deep inside a JSON body, or in a key, is found and named', async () => {
    const depth = 20_000;
    const nested = `${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`;
    const deep = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      headers: { 'content-type': 'application/json' },
      payload: `${JSON.stringify(contact).slice(0, -1)},"notes":${nested}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ field: string }>().field).toMatch(/^notes(\.0)+$/);
    const key = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      payload: { ...contact, ['bad\u0000key']: 1 },
    });
    expect(key.statusCode).toBe(400);
  });

  it.each(['/api/blog/search?q=a&q=b', '/api/blog?page=1&page=2', '/api/images?category=hero&category=logo'])(
    '%s answers 400: a parameter given twice',
    async (url) => {
      const response = await subject.app.inject(url);
      expect(response.statusCode).toBe(400);
      const name = /[?&]([a-z]+)=[^&]*&\1=/i.exec(url)![1]!;
      expect(response.json()).toEqual({ error: `Give ${name} only once.`, code: 'VALIDATION_FAILED', field: name });
    },
  );

  it('a repeated parameter on a staff route answers 400 too', async () => {
    const response = await subject.app.inject({ url: '/api/contact-submissions?q=a&q=b', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'q' });
  });

  it.each(['/%ff', '/api/blog/%ff', '/blog/%E0%A4%A'])(
    'bad percent-encoding in %s answers our 400 without the path',
    async (url) => {
      const response = await raw(url);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: 'The address is not valid.', code: 'BAD_URL' });
      expect(response.body).not.toContain('%');
    },
  );

  describe('multipart uploads', () => {
    const boundary = () => `----fuzz${crypto.randomBytes(6).toString('hex')}`;
    const post = (url: string, payload: Buffer | string, contentType: string) =>
      subject.app.inject({ method: 'POST', url, payload, headers: { ...admin, 'content-type': contentType } });

    it.each(['/api/admin/images', '/api/logo/upload'])(
      '%s: a file part without a filename is stored under a default name, not a 500',
      async (url) => {
        const b = boundary();
        const field = url.endsWith('upload') ? 'logo' : 'image';
        const payload = Buffer.concat([
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          await pngOf(40, 30),
          Buffer.from(`\r\n--${b}--\r\n`),
        ]);
        const response = await post(url, payload, `multipart/form-data; boundary=${b}`);
        expect(response.statusCode, response.body).toBeLessThan(300);
      },
    );

    it('no boundary answers 400 MALFORMED_UPLOAD', async () => {
      const response = await post('/api/admin/images', 'x', 'multipart/form-data');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'MALFORMED_UPLOAD', field: 'image' });
    });

    it('a truncated part answers 400 MALFORMED_UPLOAD', async () => {
      const b = boundary();
      const payload = Buffer.concat([
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        (await pngOf(40, 30)).subarray(0, 50),
      ]);
      const response = await post('/api/admin/images', payload, `multipart/form-data; boundary=${b}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'MALFORMED_UPLOAD' });
    });

    it('a NUL in a text field answers 400 naming it', async () => {
      const b = boundary();
      const payload = Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="altText"\r\n\r\na\u0000b\r\n`),
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        await pngOf(40, 30),
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      const response = await post('/api/admin/images', payload, `multipart/form-data; boundary=${b}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'altText' });
    });
  });
});
