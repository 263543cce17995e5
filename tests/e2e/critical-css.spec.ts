import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

// Decision 0012: each page inlines only the CSS it needs and loads the whole stylesheet without
// blocking. The first paint must look exactly as it would with the whole stylesheet. A page with
// a fold (decision 0040: /) inlines only what is above it; below it waits for the stylesheet.

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
  // Where a page has a fold, the stylesheet's <link> sits in the body there: compare what is above it.
  const foldAt = await page.evaluate(() => {
    const above = document.querySelector('body link[rel="stylesheet"]')?.previousElementSibling;
    return above ? Math.ceil(above.getBoundingClientRect().bottom + window.scrollY) : null;
  });
  const clip = foldAt === null ? undefined : { x: 0, y: 0, width: viewport.width, height: foldAt };
  // A full-page capture does not scroll, so blocks drawn only near the viewport (decision 0045)
  // would be blank in both pictures: draw them, as scrolling would.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.render-when-near').forEach((block) => {
      block.style.contentVisibility = 'visible';
    }),
  );
  const image = await page.screenshot({ fullPage: true, animations: 'disabled', clip });
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

test('the whole stylesheet applies when the visitor first acts', async ({ page, consoleErrors }) => {
  const screenMedia = () =>
    page.evaluate(() =>
      [...document.styleSheets]
        .filter((sheet) => sheet.href?.includes('/assets/'))
        .map((sheet) => sheet.media.mediaText || 'all'),
    );
  const stylesheetRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css'))
      stylesheetRequests.push(request.url());
  });
  // /blog has no island: read without a touch, it only prefetches the whole stylesheet and never
  // parses or applies it (decisions 0040, 0043).
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  // The prefetch waits for the browser to be idle, which on a busy machine may come after "networkidle".
  await expect.poll(() => stylesheetRequests.length).toBe(1);
  expect(await screenMedia()).toEqual([]);
  // The first key press applies it, from the browser's cache.
  await page.keyboard.press('Tab');
  await expect(page.locator('link[data-stylesheet]')).toHaveAttribute('rel', 'stylesheet');
  await expect.poll(screenMedia).toEqual(['all']);

  // The pointer coming over a link applies it for the link's hover colour.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  expect(await screenMedia()).toEqual([]);
  const blogLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
  await expect(blogLink).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await blogLink.hover();
  await expect(blogLink).toHaveCSS('background-color', 'rgb(239, 246, 255)');
  expect(await screenMedia()).toEqual(['all']);
  expect(consoleErrors).toEqual([]);
});

test('blocks below the first screen are drawn only once scrolled near (decision 0045)', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // checkVisibility's contentVisibilityAuto option says whether the browser is skipping the content.
  const drawn = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn('h1')).toBe(true);
  expect(await drawn('#faq-heading')).toBe(false);
  expect(await drawn('footer a')).toBe(true); // dark blocks are always drawn (decision 0045)

  // Scrolling there draws it, and it works as it always did.
  const question = page.locator('#faq-heading ~ div summary').first();
  await question.scrollIntoViewIfNeeded();
  await expect.poll(() => drawn('#faq-heading')).toBe(true);
  await question.click();
  await expect(page.locator('#faq-heading ~ div details').first()).toHaveAttribute('open', '');
  expect(consoleErrors).toEqual([]);
});
