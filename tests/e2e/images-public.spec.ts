import sharp from 'sharp';
import type { ImageRecord } from '../../src/shared/images/images';
import { blogAdminHeaders, useBlogServer } from './blog-server';
import { expect, test } from './fixtures';

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
      const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3b6ea5' } })
        .jpeg()
        .toBuffer();
      const response = await request.post('/api/admin/images', {
        headers: blogAdminHeaders,
        multipart: {
          image: { name: `${category}.jpg`, mimeType: 'image/jpeg', buffer: photo },
          category,
          altText: `Photo for ${category}`,
        },
      });
      expect(response.status()).toBe(201);
      uploaded[category] = (await response.json()) as ImageRecord;
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const hero = page.getByRole('img', { name: 'Photo for hero' });
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    // Loaded from the smallest WebP variant that fills the 358 px box at 1x (not the 2400 px JPEG).
    const hero480 = uploaded.hero!.variants.find((variant) => variant.width === 480)!.path;
    await expect
      .poll(() =>
        hero.evaluate((image: HTMLImageElement) => (image.complete ? new URL(image.currentSrc).pathname : '')),
      )
      .toBe(hero480);
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
});
