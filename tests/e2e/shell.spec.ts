import { staticPublicPaths } from '../../src/shared/routes';
import { expect, test } from './fixtures';

test.describe('the shell on every page', () => {
  test('links draw the next page in place: its head, the top of the page, focus on its heading', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Subjects' }).click();

    await expect(page).toHaveURL(/\/subjects$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subject Tuition: English, Maths & Science');
    await expect(page).toHaveTitle(/English, Maths & Science Tuition/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/subjects$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Keyboard and screen reader users continue from the new page's heading (decision 0052).
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('the Not-found screen answers 404, is noindex, and leaving restores the head', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await page.getByRole('link', { name: 'View Services' }).click();
    await expect(page).toHaveURL(/\/subjects$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page).not.toHaveTitle(/404/);
  });

  test('the ticker scrolls, pauses on hover and keeps still for reduced motion', async ({ page }) => {
    // Motion is what this test is about: the suite's contexts ask for less of it (playwright.config.ts).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const track = page.locator('.ticker-track');
    await expect(page.getByText('We Cover:')).toBeVisible();
    // The pointer rests on the page's heading, not on the ticker: a headless browser's pointer starts
    // at the top left corner, where the ticker is, and would pause it before the test begins.
    await page.getByRole('heading', { level: 1 }).hover();
    expect(await track.evaluate((element) => getComputedStyle(element).animationDuration)).toBe('20s');
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    await page.locator('.ticker').hover();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });

  test('F8 moves focus to the notification region', async ({ page }) => {
    await page.goto('/');
    // The page's script arrives once its first screen is drawn (decision 0044); a visitor pressing
    // F8 in that first moment presses it again.
    await expect(async () => {
      await page.keyboard.press('F8');
      await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused({ timeout: 250 });
    }).toPass();
  });

  test('every public page loads its islands without console errors', async ({ page, consoleErrors }) => {
    for (const path of staticPublicPaths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(consoleErrors).toEqual([]);
  });
});

test('the header fits the desktop widths without sideways scrolling, Admin link included', async ({ page }) => {
  for (const width of [1024, 1280, 1536, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    // From 1280 px the full nav shows, the longest header there is (below it, the menu button).
    if (width >= 1280) await expect(page.locator('header nav[aria-label="Main"] a[href="/admin"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBe(width);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens from its toggle and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await mobileNav.getByRole('link', { name: 'Blog' }).click();

    await expect(page).toHaveURL(/\/blog$/);
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a tap on the menu before the page’s script has arrived still opens it', async ({ page }) => {
    // A slow phone: the page's scripts arrive a second and a half after it is drawn.
    await page.route('**/assets/**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a page restored from the back-forward cache comes back with its menu closed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    // This browser, driven by tests, never restores from its back-forward cache, so the page is
    // told what a restore tells it: a pageshow that is persisted. A fresh load's (not persisted)
    // leaves the menu alone.
    const pageshow = (persisted: boolean) =>
      page.evaluate((persisted) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted })), persisted);
    await pageshow(false);
    await expect(mobileNav).toBeVisible();
    await pageshow(true);
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and gives focus back to its toggle', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.getByRole('link', { name: 'Subjects' }).focus();
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
