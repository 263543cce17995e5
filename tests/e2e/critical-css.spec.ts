import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

// Decision 0012: each page inlines only the CSS it needs and loads the whole stylesheet without
// blocking. The first paint must look exactly as it would with the whole stylesheet.

const pages = ['/', '/blog', '/contact', '/free-assessment', '/no-such-page'];
const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** A full-page screenshot without scripts; `criticalOnly` blocks the whole stylesheet. */
async function screenshot(browser: Browser, url: string, viewport: (typeof viewports)[number], criticalOnly: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  const page = await context.newPage();
  if (criticalOnly) await page.route(/\.css$/, (route) => route.abort());
  await page.goto(url, { waitUntil: 'networkidle' });
  const image = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await context.close();
  return image;
}

for (const path of pages) {
  test(`${path} paints the same with its inline CSS alone as with the whole stylesheet`, async ({
    browser,
    baseURL,
  }) => {
    for (const viewport of viewports) {
      const url = `${baseURL}${path}`;
      const critical = await screenshot(browser, url, viewport, true);
      const full = await screenshot(browser, url, viewport, false);
      expect(critical.equals(full), `${path} at ${viewport.width}px`).toBe(true);
    }
  });
}

test('the whole stylesheet applies to the screen once the scripts run', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.locator('link[data-stylesheet]')).toHaveAttribute('media', 'all');
  const styled = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/') && sheet.media.mediaText === 'all'),
  );
  expect(styled).toBe(true);
  expect(consoleErrors).toEqual([]);
});
