import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { ImageRecord } from '../../src/shared/images/images';
import { blogAdminHeaders, useBlogServer } from './blog-server';
import { expect, test } from './fixtures';

async function uploadPhoto(request: APIRequestContext, category: string, altText: string): Promise<ImageRecord> {
  const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3b6ea5' } })
    .jpeg()
    .toBuffer();
  const response = await request.post('/api/admin/images', {
    headers: blogAdminHeaders,
    multipart: { image: { name: `${category}.jpg`, mimeType: 'image/jpeg', buffer: photo }, category, altText },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ImageRecord;
}

const loadedPath = (image: HTMLImageElement) => (image.complete ? new URL(image.currentSrc).pathname : '');

// Public pages draw library photos as responsive WebP, the hero first, the rest lazily (decision 0009).
test.describe('library photos on the home page', () => {
  useBlogServer();

  test('a phone gets the hero and card photos as WebP sized for it, hydrated without errors', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const uploaded: Record<string, ImageRecord> = {};
    for (const category of ['hero', 'tutoring', 'online', 'classroom']) {
      uploaded[category] = await uploadPhoto(request, category, `Photo for ${category}`);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const hero = page.getByRole('img', { name: 'Photo for hero' });
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    // Loaded from the smallest WebP variant that fills the 358 px box at 1x (not the 2400 px JPEG).
    const hero480 = uploaded.hero!.variants.find((variant) => variant.width === 480)!.path;
    await expect.poll(() => hero.evaluate(loadedPath)).toBe(hero480);
    expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await hero.evaluate((image: HTMLImageElement) => image.getBoundingClientRect().width)).toBe(358);

    const card = page.getByRole('img', { name: 'Photo for online' });
    await expect(card).toHaveAttribute('loading', 'lazy');
    await card.scrollIntoViewIfNeeded();
    const cardVariants = uploaded.online!.variants.map((variant) => variant.path);
    await expect
      .poll(() => card.evaluate((image: HTMLImageElement) => new URL(image.currentSrc || 'http://x/').pathname))
      .toMatch(/\.webp$/);
    expect(cardVariants).toContain(
      await card.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname),
    );
    expect(consoleErrors).toEqual([]);
  });

  // The widths a phone lands on (decision 0008): the column times the screen's density, rounded up
  // to the next variant. Lighthouse's phone (412 px at 1.75x) and an iPhone (390 px at 3x).
  for (const { viewport, deviceScaleFactor, expected } of [
    { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, expected: 720 },
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, expected: 1152 },
  ]) {
    test(`a ${viewport.width} px phone at ${deviceScaleFactor}x gets the ${expected} px hero, not the next width up`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const altText = `Hero for ${viewport.width} px at ${deviceScaleFactor}x`;
      const hero = await uploadPhoto(request, 'hero', altText);
      const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor });
      const page = await context.newPage();
      await page.goto('/');
      const image = page.getByRole('img', { name: altText });
      const wanted = hero.variants.find((variant) => variant.width === expected)!.path;
      await expect.poll(() => image.evaluate(loadedPath)).toBe(wanted);
      await context.close();
    });
  }
});
