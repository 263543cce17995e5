// What a phone downloads for the home page's images, before and after the image pipeline:
//   npm run build && npm run measure:images
// Fills the hero and the three tuition cards with 4000 x 3000 camera photos (with EXIF and GPS)
// and uploads one as the logo, on a fresh built server; then loads the home page in Chromium as
// a 390 px phone, scrolls to the bottom so lazy images load, and counts the image bytes.
// "Before" is what the old site sent: each uploaded file itself, whatever its display size.
import { chromium } from '@playwright/test';
import { startServer } from '../tests/e2e/server';
import { findChromium } from './find-chromium.mjs';
import { cameraPhoto, seedSampleContent } from './lib/sample-content';

const KEY = 'measure-images-key-0123456789abcdef';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startServer({ ADMIN_API_KEY: KEY, PAGE_CACHE_MS: '0' });
const browser = await chromium.launch({ executablePath: findChromium() });
try {
  const { uploadedBytes } = await seedSampleContent(server.baseUrl, KEY);
  const logoPhoto = await cameraPhoto(4000, 3000, 9);
  const form = new FormData();
  form.set('logo', new Blob([new Uint8Array(logoPhoto)], { type: 'image/jpeg' }), 'logo.jpg');
  const logo = await fetch(`${server.baseUrl}/api/logo/upload`, {
    method: 'POST',
    body: form,
    headers: { 'x-api-key': KEY },
  });
  if (!logo.ok) throw new Error(`logo upload: ${logo.status}`);
  await fetch(`${server.baseUrl}/api/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body: JSON.stringify({ key: 'show_site_logo', value: 'true' }),
  });
  const before = uploadedBytes + logoPhoto.length;

  for (const dpr of [2, 3]) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: dpr });
    const images = new Map<string, number>();
    const beforeScrolling = new Set<string>();
    let scrolled = false;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      images.set(response.url(), (await response.body()).length);
      if (!scrolled) beforeScrolling.add(response.url());
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    scrolled = true;
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    const total = [...images.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(`\nPhone 390 px wide, device pixel ratio ${dpr}:`);
    for (const [url, bytes] of images) {
      console.log(
        `  ${new URL(url).pathname}  ${kb(bytes)}${beforeScrolling.has(url) ? '  (loaded before scrolling)' : '  (loaded on scrolling)'}`,
      );
    }
    console.log(`  after:  ${kb(total)} of images for the whole page (hero, three cards, logo)`);
    console.log(`  before: ${kb(before)} (the five uploaded files as they are)`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  server.remove();
}
