import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The home page's testimonials: the cards are the server's HTML, sent once; the island is the
// controls, which copy the list for the endless scroll and move the track (decision 0059).

// Motion is what these tests are about: the suite's contexts ask for less of it (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** How far the track has scrolled, in px: its transform's horizontal shift, as drawn. */
const offsetOf = (page: Page) =>
  page.locator('.carousel-track').evaluate((track) => -new DOMMatrixReadOnly(getComputedStyle(track).transform).m41);

/**
 * How far the track moves over `frames` of the page's animation frames. Counted in frames, not
 * milliseconds: the track moves 0.5 px a frame, and a busy machine may draw only two frames a
 * second, so a wall-clock window measures the machine, not the carousel.
 */
const driftOver = (page: Page, frames = 10) =>
  page.locator('.carousel-track').evaluate(async (track, count) => {
    const shift = () => new DOMMatrixReadOnly(getComputedStyle(track).transform).m41;
    const before = shift();
    for (let frame = 0; frame < count; frame++) await new Promise((drawn) => requestAnimationFrame(drawn));
    return Math.abs(shift() - before);
  }, frames);

/** Opens the home page and brings the carousel into view, where its island hydrates. */
async function openCarousel(page: Page) {
  await page.goto('/');
  await page.locator('.carousel').scrollIntoViewIfNeeded();
  // The island's first act is the list's copy: once there, its handlers are live.
  await expect(page.locator('.carousel-list')).toHaveCount(2);
}

test('after hydration the track holds the list twice, the copy hidden and inert, the cards still the server’s', async ({
  page,
  consoleErrors,
}) => {
  await openCarousel(page);
  const [first, copy] = [page.locator('.carousel-list').nth(0), page.locator('.carousel-list').nth(1)];
  await expect(first).not.toHaveAttribute('aria-hidden');
  await expect(copy).toHaveAttribute('aria-hidden', 'true');
  await expect(copy).toHaveJSProperty('inert', true);
  const cards = await first.locator('figure').allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  expect(await copy.locator('figure').allTextContents()).toEqual(cards);

  // React owns the buttons only: the section's heading and cards stay the server's DOM.
  const owned = await page.evaluate(() => {
    const isReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const section = document.querySelector('section[aria-labelledby="testimonials-heading"]')!;
    return {
      buttons: [...section.querySelectorAll('button')].every(isReact),
      rest: [section, ...section.querySelectorAll('h2, .carousel, .carousel *')].some(isReact),
    };
  });
  expect(owned).toEqual({ buttons: true, rest: false });
  expect(consoleErrors).toEqual([]);
});

test('it moves by itself, stands still under the pointer, and Pause stops it until Play', async ({ page }) => {
  await openCarousel(page);
  await expect.poll(() => driftOver(page)).toBeGreaterThan(2);

  await page.locator('.carousel').hover();
  // Polled: the pointer's arrival reaches the island a task or two later on a busy machine.
  await expect.poll(() => driftOver(page)).toBe(0);

  // Away from the track it moves again; the Pause button stops it (WCAG 2.2.2) and becomes Play.
  await page.getByRole('heading', { name: 'What Teesside families say' }).hover();
  await expect.poll(() => driftOver(page)).toBeGreaterThan(2);
  await page.getByRole('button', { name: 'Pause testimonials' }).click();
  await expect.poll(() => driftOver(page)).toBe(0);
  await page.getByRole('button', { name: 'Play testimonials' }).click();
  await expect(page.getByRole('button', { name: 'Pause testimonials' })).toBeVisible();
  await expect.poll(() => driftOver(page)).toBeGreaterThan(2);
});

test('Next moves the track on by one card and Previous back', async ({ page }) => {
  await openCarousel(page);
  await page.getByRole('button', { name: 'Pause testimonials' }).click();
  await expect.poll(() => driftOver(page)).toBe(0);
  // One card: its width and the gap after it (gap-6).
  const card = (await page.locator('.carousel-list li').first().boundingBox())!.width + 24;
  const before = await offsetOf(page);

  await page.getByRole('button', { name: 'Next testimonial' }).click();
  expect(await offsetOf(page)).toBeCloseTo(before + card, 0);
  await page.getByRole('button', { name: 'Previous testimonial' }).click();
  expect(await offsetOf(page)).toBeCloseTo(before, 0);
});

test.describe('for a visitor who asks for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('it stands still, the copy and the controls hidden', async ({ page }) => {
    await openCarousel(page);
    const firstCard = page.locator('.carousel-list figure').first();
    const before = (await firstCard.boundingBox())!.x;
    await page.waitForTimeout(500);
    expect((await firstCard.boundingBox())!.x).toBe(before);
    // The script leaves the track alone too (the CSS's `transform: none` alone would hide a moving one).
    expect(await page.locator('.carousel-track').evaluate((track) => track.style.transform)).toBe('');
    await expect(page.locator('.carousel-list').nth(1)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pause testimonials' })).toBeHidden();
  });
});
