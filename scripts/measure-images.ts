// What a phone downloads for the home page's images, before and after the image pipeline:
//   npm run build && npx tsx scripts/measure-images.ts
// Uploads a realistic camera photo (4000 x 3000 JPEG with EXIF) as the logo and as a hero image to
// a fresh built server, then loads the home page in Chromium as a 390 px phone and counts image bytes.
// "Before" is what the old site sent: the uploaded file itself, whatever its display size.
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { startServer } from '../tests/e2e/server';
import { findChromium } from './find-chromium.mjs';

const KEY = 'measure-images-key-0123456789abcdef';

/**
 * A photo-like 4000 x 3000 picture: smooth light and colour, texture at several scales (so detail
 * survives downscaling, as leaves, brick and fabric do) and sensor noise.
 */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  const hash = (x: number, y: number, salt: number) => {
    let h = (x * 374761393 + y * 668265263 + salt * 2147483647) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296 - 0.5;
  };
  const texture = (x: number, y: number, channel: number) =>
    40 * hash(x >> 5, y >> 5, channel) +
    28 * hash(x >> 3, y >> 3, channel + 3) +
    18 * hash(x >> 1, y >> 1, channel + 6);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = (y * width + x) * 3;
      const light = 0.5 + 0.35 * Math.sin(x / 300) * Math.cos(y / 220);
      const base = [
        255 * light * (0.6 + 0.4 * (x / width)),
        255 * light * 0.8,
        255 * (1 - light) * (0.5 + 0.5 * (y / height)),
      ];
      for (let channel = 0; channel < 3; channel++) {
        const value = base[channel]! + texture(x, y, channel) + 8 * hash(x, y, channel + 9);
        pixels[index + channel] = Math.max(0, Math.min(255, value));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '54/1 34/1 0/1' } })
    .toBuffer();
}

async function post(baseUrl: string, url: string, field: string, photo: Buffer, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  form.set(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${baseUrl}${url}`, { method: 'POST', body: form, headers: { 'x-api-key': KEY } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

const photo = await cameraPhoto();
const server = await startServer({ ADMIN_API_KEY: KEY, PAGE_CACHE_MS: '0' });
const browser = await chromium.launch({ executablePath: findChromium() });
try {
  const started = Date.now();
  const hero = await post(server.baseUrl, '/api/admin/images', 'image', photo, { category: 'hero' });
  const uploadMs = Date.now() - started;
  const logo = await post(server.baseUrl, '/api/logo/upload', 'logo', photo);
  await fetch(`${server.baseUrl}/api/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body: JSON.stringify({ key: 'show_site_logo', value: 'true' }),
  });

  console.log(`Uploaded photo: 4000 x 3000 JPEG, ${(photo.length / 1024).toFixed(0)} KB (processed in ${uploadMs} ms)`);
  console.log(`Stored full-size JPEG without metadata: ${(hero.size / 1024).toFixed(0)} KB`);
  for (const dpr of [2, 3]) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: dpr });
    const images = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'image') images.set(response.url(), (await response.body()).length);
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    // The hero as an adopting page will render it: full width, first in view.
    await page.evaluate((heroImage) => {
      const img = document.createElement('img');
      Object.assign(img, { alt: '', width: heroImage.width, height: heroImage.height, sizes: '100vw' });
      img.srcset = heroImage.srcSet;
      img.src = heroImage.variants.at(-1).path;
      img.style.width = '100%';
      img.style.height = 'auto';
      document.querySelector('main')?.prepend(img);
    }, hero);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const total = [...images.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(`\nPhone 390 px wide, device pixel ratio ${dpr}:`);
    for (const [url, bytes] of images) console.log(`  ${new URL(url).pathname}  ${(bytes / 1024).toFixed(1)} KB`);
    console.log(`  after:  ${(total / 1024).toFixed(1)} KB of images (hero + header logo)`);
    console.log(`  before: ${((photo.length * 2) / 1024).toFixed(1)} KB (the uploaded file, twice)`);
    await page.close();
  }
  console.log(`\nLogo address: ${logo.logoPath}`);
} finally {
  await browser.close();
  await server.stop();
  server.remove();
}
