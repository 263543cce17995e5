import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { multipartBody } from '../../../../tests/support/multipart';
import { pngOf } from '../../../../tests/support/images-fixtures';

const adminKey = 'test-admin-key-0123456789abcdef';
const admin = { 'x-api-key': adminKey };

describe('POST /api/settings and POST /api/logo/upload', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey } });
  });
  afterAll(() => subject.close());

  const post = (payload: unknown) =>
    subject.app.inject({ method: 'POST', url: '/api/settings', payload: payload as object, headers: admin });
  const read = async (key: string) => (await subject.app.inject(`/api/settings/${key}`)).json().value;

  it('stores each of the four keys and answers the stored value', async () => {
    for (const [key, value] of [
      ['brand_text', 'Bright Minds'],
      ['show_brand_text', 'false'],
      ['show_site_logo', 'true'],
      ['site_logo', '/images/1/abcdef0123456789-512x512/original.png'],
    ]) {
      const response = await post({ key, value });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ key, value });
      expect(await read(key!)).toBe(value);
    }
  });

  it.each([
    [{ key: 'admin_api_key', value: 'x' }, 'key'],
    [{ key: 'brand_text', value: 42 }, 'value'],
    [{ key: 'brand_text' }, 'value'],
    [{ value: 'x' }, 'key'],
    [{ key: 'show_site_logo', value: 'yes' }, 'value'],
    [{ key: 'show_brand_text', value: 'TRUE' }, 'value'],
    [{ key: 'site_logo', value: 'javascript:alert(1)' }, 'value'],
    [{ key: 'site_logo', value: '//evil.example/logo.png' }, 'value'],
    [{ key: 'brand_text', value: 'x'.repeat(501) }, 'value'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const before = await read('brand_text');
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(await read('brand_text')).toBe(before);
  });

  it('a new brand text shows in the server-rendered header on the next page load', async () => {
    await post({ key: 'show_brand_text', value: 'true' });
    await post({ key: 'brand_text', value: 'Teesside Learners' });
    const page = await subject.app.inject('/');
    expect(page.body).toMatch(
      /<span class="text-blue-700">Teesside<\/span> <span class="text-red-600">Learners<\/span>/,
    );
  });

  it('uploads a logo, sets site_logo to its address and serves it', async () => {
    const { payload, headers } = multipartBody([
      { name: 'logo', filename: 'logo.png', type: 'image/png', data: await pngOf(512, 512) },
    ]);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/logo/upload',
      payload,
      headers: { ...headers, ...admin },
    });
    expect(response.statusCode).toBe(200);
    const { logoPath } = response.json();
    expect(logoPath).toMatch(/^\/images\/\d+\/[0-9a-f]{16}-512x512\/original\.png$/);
    expect(await read('site_logo')).toBe(logoPath);
    expect((await subject.app.inject(logoPath)).statusCode).toBe(200);
    const { images } = (await subject.app.inject({ url: '/api/images?category=logo', headers: admin })).json();
    expect(images).toHaveLength(1);
  });

  it('shows a newly uploaded logo: the "show logo" switch is turned on in the same step, and the header has it', async () => {
    expect((await post({ key: 'show_site_logo', value: 'false' })).statusCode).toBe(200);
    const { payload, headers } = multipartBody([
      { name: 'logo', filename: 'logo.png', type: 'image/png', data: await pngOf(256, 256) },
    ]);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/logo/upload',
      payload,
      headers: { ...headers, ...admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { logoPath, shown } = response.json();
    expect(shown).toBe(true);
    expect(await read('show_site_logo')).toBe('true');
    const header = /<header[\s\S]*?<\/header>/.exec((await subject.app.inject('/')).body)?.[0] ?? '';
    expect(header).toContain(logoPath.replace(/\/original\.png$/, ''));
  });

  it('refuses a logo over 5 MB (413) and a non-image (415) without changing site_logo', async () => {
    const before = await read('site_logo');
    const send = async (data: Buffer, filename: string) => {
      const { payload, headers } = multipartBody([{ name: 'logo', filename, type: 'image/png', data }]);
      return subject.app.inject({
        method: 'POST',
        url: '/api/logo/upload',
        payload,
        headers: { ...headers, ...admin },
      });
    };
    const big = await send(Buffer.concat([await pngOf(10, 10), Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', error: expect.stringMatching(/5 MB/) });
    const text = await send(Buffer.from('not an image at all, honestly'), 'logo.png');
    expect(text.statusCode).toBe(415);
    const { payload, headers } = multipartBody([{ name: 'other', value: 'x' }]);
    const none = await subject.app.inject({
      method: 'POST',
      url: '/api/logo/upload',
      payload,
      headers: { ...headers, ...admin },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'logo' });
    expect(await read('site_logo')).toBe(before);
  });
});

/**
 * The admin hook protects POST /api/settings, POST /api/logo/upload and everything under
 * /api/admin/ (decision 0005): without the key, or with a wrong one, these writes answer 401.
 */
describe('admin key on the image, settings and logo writes', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey } });
  });
  afterAll(() => subject.close());

  it.each([
    ['POST', '/api/settings'],
    ['POST', '/api/logo/upload'],
    ['POST', '/api/admin/images'],
    ['PATCH', '/api/admin/images/1'],
    ['DELETE', '/api/admin/images/1'],
  ] as const)('%s %s answers 401 without the key and with a wrong one', async (method, url) => {
    for (const headers of [{}, { 'x-api-key': 'wrong-key-wrong-key-wrong-key' }]) {
      const response = await subject.app.inject({ method, url, headers, payload: { key: 'brand_text', value: 'x' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await (await subject.app.inject('/api/settings/brand_text')).json().value).toBe('Northstar Tutors');
  });
});
