import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageRecord } from '../../../shared/images/images';
import { postInput } from '../../../../tests/support/blog-factory';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { type FormPart, multipartBody } from '../../../../tests/support/multipart';
import {
  cameraJpeg,
  containsGpsSeconds,
  noisyPng,
  pixelBombPng,
  pngOf,
  svgWithScript,
} from '../../../../tests/support/images-fixtures';

const adminKey = 'test-admin-key-0123456789abcdef';
const admin = { 'x-api-key': adminKey };

describe('image library API and pipeline', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey, IMAGE_MAX_BYTES: String(2 * 1024 * 1024) } });
  });
  afterAll(() => subject.close());

  const upload = (parts: FormPart[], url = '/api/admin/images') => {
    const { payload, headers } = multipartBody(parts);
    return subject.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...admin } });
  };
  const imagePart = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FormPart => ({
    name: 'image',
    filename,
    type,
    data,
  });
  const fetchBytes = async (path: string) => (await subject.app.inject(path)).rawPayload;

  it('strips GPS and camera details, auto-orients, and records dimensions and size', async () => {
    const original = await cameraJpeg(300, 200);
    expect(containsGpsSeconds(original)).toBe(true); // the fixture really carries a position
    expect(original.includes('SecretCam')).toBe(true);

    const response = await upload([
      imagePart(original, 'pupils.jpg'),
      { name: 'category', value: 'classroom' },
      { name: 'altText', value: 'Pupils at work' },
    ]);
    expect(response.statusCode).toBe(201);
    const image = response.json<ImageRecord>();
    // Orientation 6 means "rotate 90°": the stored image is upright, so 200 wide and 300 high.
    expect(image).toMatchObject({
      filename: 'pupils.jpg',
      altText: 'Pupils at work',
      category: 'classroom',
      width: 200,
      height: 300,
      contentType: 'image/jpeg',
    });
    expect(image.path).toMatch(/^\/images\/\d+\/[0-9a-f]{16}-200x300\/original\.jpg$/);

    for (const path of [image.path, ...image.variants.map((variant) => variant.path)]) {
      const bytes = await fetchBytes(path);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, path).toBeUndefined();
      expect(metadata.xmp, path).toBeUndefined();
      expect(metadata.iptc, path).toBeUndefined();
      expect(metadata.orientation ?? 1, path).toBe(1);
      expect(containsGpsSeconds(bytes), path).toBe(false);
      expect(bytes.includes('SecretCam'), path).toBe(false);
    }
    const stored = await fetchBytes(image.path);
    expect(image.size).toBe(stored.length);
  });

  it('makes WebP variants at the standard widths, never wider than the original', async () => {
    const response = await upload([imagePart(await pngOf(700, 350), 'wide.png', 'image/png')]);
    expect(response.statusCode).toBe(201);
    const image = response.json<ImageRecord>();
    expect(image).toMatchObject({ width: 700, height: 350, category: 'general', altText: '' });
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [160, 80],
      [320, 160],
      [480, 240],
      [640, 320],
      [700, 350],
    ]);
    expect(image.srcSet).toBe(image.variants.map((variant) => `${variant.path} ${variant.width}w`).join(', '));
    for (const variant of image.variants) {
      const served = await subject.app.inject(variant.path);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', variant.width, variant.height]);
    }
  });

  it.each([
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)('accepts %s and keeps it in its own format', async (format, contentType) => {
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .toFormat(format)
      .toBuffer();
    // The declared type is wrong on purpose: only the content counts.
    const response = await upload([imagePart(data, `picture.${format}`, 'application/octet-stream')]);
    expect(response.statusCode).toBe(201);
    const image = response.json<ImageRecord>();
    expect(image).toMatchObject({ width: 64, height: 48, contentType });
    const served = await subject.app.inject(image.path);
    expect(served.headers['content-type']).toBe(contentType);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
  });

  it('serves images with their type, nosniff and a year of immutable caching; 404 once binned, files gone once purged', async () => {
    const image = (await upload([imagePart(await pngOf(50, 40), 'tiny.png', 'image/png')])).json<ImageRecord>();
    const served = await subject.app.inject(image.path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A small image gets one full-size WebP and nothing upscaled.
    expect(image.variants.map((variant) => variant.width)).toEqual([50]);

    // An address with a stale fingerprint is not this content.
    const stale = image.path.replace(/\/[0-9a-f]{16}-/, '/0000000000000000-');
    expect((await subject.app.inject(stale)).statusCode).toBe(404);

    const deleted = await subject.app.inject({
      method: 'DELETE',
      url: `/api/admin/images/${image.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await subject.app.inject(image.path)).statusCode).toBe(404);
    expect((await subject.app.inject(image.variants[0]!.path)).statusCode).toBe(404);
    const again = await subject.app.inject({ method: 'DELETE', url: `/api/admin/images/${image.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
    // In the Bin the bytes stay, so a restore brings the same addresses back; deleting for good removes them.
    const purged = await subject.app.inject({
      method: 'DELETE',
      url: `/api/admin/bin/image/${image.id}`,
      headers: admin,
    });
    expect(purged.statusCode).toBe(204);
    const rows = await subject.database.db
      .selectFrom('image_files')
      .where('image_id', '=', image.id)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('makes a variant that is missing (stored before its width was listed) on first request, and keeps it', async () => {
    const image = (await upload([imagePart(await pngOf(700, 350), 'older.png', 'image/png')])).json<ImageRecord>();
    const variant480 = image.variants.find((variant) => variant.width === 480)!;
    // As if the image had been stored when 480 was not yet one of the widths.
    await subject.database.db
      .deleteFrom('image_files')
      .where('image_id', '=', image.id)
      .where('name', '=', '480.webp')
      .execute();

    const served = await subject.app.inject(variant480.path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });
    const stored = await subject.database.db
      .selectFrom('image_files')
      .where('image_id', '=', image.id)
      .where('name', '=', '480.webp')
      .select('size')
      .executeTakeFirst();
    expect(stored?.size).toBe(served.rawPayload.length);

    // Only listed widths of this image, at its current address: anything else stays a 404.
    const directory = variant480.path.slice(0, variant480.path.lastIndexOf('/'));
    for (const path of [
      `${directory}/500.webp`,
      `${directory}/1024.webp`, // wider than the original
      `${directory}/480.png`,
      variant480.path.replace(/\/[0-9a-f]{16}-/, '/0000000000000000-'),
    ]) {
      expect((await subject.app.inject(path)).statusCode, path).toBe(404);
    }
  });

  it('answers 404 without decoding for other spellings of a width or an id', async () => {
    const image = (await upload([imagePart(await pngOf(700, 350), 'spelling.png', 'image/png')])).json<ImageRecord>();
    const variant480 = image.variants.find((variant) => variant.width === 480)!;
    const directory = variant480.path.slice(0, variant480.path.lastIndexOf('/'));
    const rest = directory.slice(`/images/${image.id}`.length);
    for (const path of [
      `${directory}/0480.webp`,
      `${directory}/00480.webp`,
      `${directory}/+480.webp`,
      `${directory}/480.0.webp`,
      `/images/0${image.id}${rest}/480.webp`,
      `/images/${image.id}.0${rest}/480.webp`,
      `/images/0x${image.id.toString(16)}${rest}/480.webp`,
    ]) {
      expect((await subject.app.inject(path)).statusCode, path).toBe(404);
    }
    const names = await subject.database.db
      .selectFrom('image_files')
      .where('image_id', '=', image.id)
      .select('name')
      .execute();
    expect(names.map((row) => row.name)).not.toContain('0480.webp');
  });

  it('makes a missing variant once when many ask for it at the same moment', async () => {
    const image = (await upload([imagePart(await pngOf(900, 450), 'burst.png', 'image/png')])).json<ImageRecord>();
    const variant640 = image.variants.find((variant) => variant.width === 640)!;
    await subject.database.db
      .deleteFrom('image_files')
      .where('image_id', '=', image.id)
      .where('name', '=', '640.webp')
      .execute();
    const answers = await Promise.all(Array.from({ length: 8 }, () => subject.app.inject(variant640.path)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('judges by content: text named .png, SVG with a script, and a PDF are refused with 415', async () => {
    const cases: FormPart[] = [
      imagePart(Buffer.from('this is only text, whatever the name says'), 'notes.png', 'image/png'),
      imagePart(svgWithScript, 'logo.svg', 'image/svg+xml'),
      imagePart(svgWithScript, 'innocent.jpg', 'image/jpeg'),
      imagePart(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj'), 'doc.gif', 'image/gif'),
    ];
    for (const part of cases) {
      const response = await upload([part]);
      expect(response.statusCode, 'filename' in part ? part.filename : '').toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.stringMatching(/JPEG/) });
    }
    // Starts like a PNG and has a sound header, but its pixel data stops half-way.
    const whole = await noisyPng(200, 200);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const response = await upload([imagePart(truncated, 'cut.png', 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/could not be read/);
    const { images } = (await subject.app.inject({ url: '/api/admin/images', headers: admin })).json<{
      images: ImageRecord[];
    }>();
    expect(images.some((image) => /notes|logo\.svg|innocent|doc|cut/.test(image.filename))).toBe(false);
  });

  it('refuses a decompression bomb by its declared pixels, before decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const response = await upload([imagePart(bomb, 'bomb.png', 'image/png')]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', error: expect.stringMatching(/50000 x 50000/) });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a file over the size limit with 413 and a clear message', async () => {
    const big = Buffer.concat([await pngOf(20, 20), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const response = await upload([imagePart(big, 'big.png', 'image/png')]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'The file is too large. The largest accepted is 2 MB.',
      code: 'FILE_TOO_LARGE',
    });
  });

  it('answers 400 naming the field for a missing file, a bad category or a non-multipart body', async () => {
    const noFile = await upload([{ name: 'category', value: 'hero' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ field: 'image' });

    const badCategory = await upload([imagePart(await pngOf(10, 10)), { name: 'category', value: 'selfies' }]);
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ field: 'category', code: 'VALIDATION_FAILED' });

    const json = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: { image: 'x' },
      headers: admin,
    });
    expect(json.statusCode).toBe(415);
  });

  it('lists newest first, searches file names and alt text ignoring case, filters by category', async () => {
    const png = await pngOf(30, 30);
    await upload([imagePart(png, 'Maths-Club.png'), { name: 'category', value: 'tutoring' }]);
    await upload([
      imagePart(png, 'x.png'),
      { name: 'category', value: 'hero' },
      { name: 'altText', value: 'Smiling MATHS pupils 100%' },
    ]);
    const list = async (query: string) =>
      (await subject.app.inject({ url: `/api/admin/images${query}`, headers: admin })).json<{ images: ImageRecord[] }>()
        .images;

    const all = await list('');
    expect(all.map((image) => image.id)).toEqual([...all.map((image) => image.id)].sort((a, b) => b - a));
    expect((await list('?q=maths')).map((image) => image.filename)).toEqual(['x.png', 'Maths-Club.png']);
    expect((await list('?q=maths&category=hero')).map((image) => image.filename)).toEqual(['x.png']);
    expect((await list('?q=100%25')).map((image) => image.filename)).toEqual(['x.png']);
    expect(await list('?q=_')).toEqual([]); // a literal underscore, not a wildcard
    expect((await list('?category=all')).length).toBe(all.length);
    const badCategory = await subject.app.inject('/api/images?category=selfies');
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ field: 'category' });
  });

  it('lists for anyone only the images the public pages show; staff see the whole library', async () => {
    const png = await pngOf(24, 24);
    const embargoed = (
      await upload([
        imagePart(png, 'fees-2027.png'),
        { name: 'category', value: 'general' },
        { name: 'altText', value: 'Fees rise 20 percent (embargoed)' },
      ])
    ).json<ImageRecord>();
    const hero = (await upload([imagePart(png, 'front.png'), { name: 'category', value: 'hero' }])).json<ImageRecord>();
    // A scheduled post shows the embargoed image; it must not be listed before the post is out.
    const scheduled = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: admin,
      payload: postInput({
        title: 'Fees for next year',
        content: `<p>New fees</p><img src="${embargoed.path}" alt="">`,
        publishedAt: '2099-01-01T09:00:00Z',
      }),
    });
    expect(scheduled.statusCode).toBe(201);

    const anonymous = await subject.app.inject('/api/images');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('embargoed');
    expect(anonymous.body).not.toContain('fees-2027');
    expect(anonymous.json<{ images: ImageRecord[] }>().images.map((image) => image.id)).toContain(hero.id);
    expect((await subject.app.inject('/api/images?q=embargoed')).json()).toEqual({ images: [] });

    const staff = await subject.app.inject({ url: '/api/admin/images?q=embargoed', headers: admin });
    expect(staff.json<{ images: ImageRecord[] }>().images.map((image) => image.id)).toEqual([embargoed.id]);
    expect((await subject.app.inject('/api/admin/images')).statusCode).toBe(401);
  });

  it('edits alt text and category, naming the field on bad input, 404 when gone', async () => {
    const image = (await upload([imagePart(await pngOf(20, 20), 'edit.png')])).json<ImageRecord>();
    const patch = (id: number, payload: unknown) =>
      subject.app.inject({
        method: 'PATCH',
        url: `/api/admin/images/${id}`,
        payload: payload as object,
        headers: admin,
      });

    const changed = await patch(image.id, { altText: '  Our classroom  ', category: 'classroom' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ altText: 'Our classroom', category: 'classroom', path: image.path });

    const badCategory = await patch(image.id, { category: 'nope' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ field: 'category' });
    const badAlt = await patch(image.id, { altText: 42 });
    expect(badAlt.statusCode).toBe(400);
    expect(badAlt.json()).toMatchObject({ field: 'altText' });
    expect((await patch(image.id, { altText: 'x'.repeat(501) })).json()).toMatchObject({ field: 'altText' });
    expect((await patch(image.id, {})).statusCode).toBe(400);
    expect((await patch(999_999, { altText: 'x' })).statusCode).toBe(404);
    expect((await patch(Number.NaN, { altText: 'x' })).statusCode).toBe(404);
  });
});
