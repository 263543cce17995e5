import type { Page } from '@playwright/test';
import { KEY } from './admin-session';
import { expect, test } from './fixtures';
import { type RunningServer, startServer } from './server';

// A browser as families use it: a headless one's user agent is left out as a script (decision 0065).
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let server: RunningServer;

/** The page views the server has counted today, per page (its raw views: today is never totalled yet). */
async function countedViews(page: Page): Promise<Record<string, number>> {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const answer = await page.request.get(`${server.baseUrl}/api/admin/insights?from=${today}&to=${today}`, {
    headers: { 'x-api-key': KEY },
  });
  expect(answer.status()).toBe(200);
  const report = (await answer.json()) as { pages: { path: string; views: number }[] };
  return Object.fromEntries(report.pages.map((row) => [row.path, row.views]));
}

/** Waits for the page's beacon after `act`: one showing the server did not serve for showing. */
async function shownInPlace(page: Page, act: () => Promise<unknown>) {
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/page-views'), { timeout: 10_000 });
  await act();
  expect((await beacon).status()).toBe(204);
}

/**
 * Issue 49: every showing of a page counts exactly once, in a real browser. Pages prefetched on
 * hover and drawn in place, Back and Forward among them, a whole load and a return to the page
 * before it, and the not-found page drawn in place.
 */
test.describe('every page shown is counted once', () => {
  test.use({ userAgent: CHROME });
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY, ANALYTICS: 'on' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('prefetched on hover, drawn in place, Back, Forward, a whole load and back', async ({ page, consoleErrors }) => {
    const site = server.baseUrl;
    await page.goto(`${site}/?utm_source=e2e-showings`);
    // The page's script (loaded once the page is drawn) takes links over from here on.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/entry-islands-')),
    );
    const header = page.getByRole('banner');

    // Three links hovered: each page fetched ahead, none yet shown.
    for (const name of ['Subjects', 'Exam Resits', 'Contact']) {
      const prefetched = page.waitForResponse(
        (response) => response.request().headers().purpose === 'prefetch' && response.status() === 200,
      );
      await header.getByRole('link', { name, exact: true }).hover();
      await prefetched;
    }
    await page.mouse.move(0, 0);
    // Then each followed: drawn in place from the copy fetched ahead.
    for (const [name, path] of [
      ['Subjects', '/subjects'],
      ['Exam Resits', '/exam-resits'],
      ['Contact', '/contact'],
    ] as const) {
      await shownInPlace(page, () => header.getByRole('link', { name, exact: true }).click());
      await expect(page).toHaveURL(`${site}${path}`);
    }
    await shownInPlace(page, () => page.goBack());
    await expect(page).toHaveURL(`${site}/exam-resits`);
    await shownInPlace(page, () => page.goForward());
    await expect(page).toHaveURL(`${site}/contact`);
    // A missing page drawn in place counts as the not-found page.
    await shownInPlace(page, () =>
      page.evaluate(() =>
        (window as unknown as { navigation: { navigate(url: string): unknown } }).navigation.navigate('/no-such-page'),
      ),
    );
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    // A whole load of another page, then Back to this document (from the back/forward cache, the
    // browser's cache or the server: counted once whichever).
    await page.goto(`${site}/privacy`);
    await page.goBack();
    await expect(page).toHaveURL(`${site}/no-such-page`);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();

    const shown = { '/': 1, '/subjects': 1, '/exam-resits': 2, '/contact': 2, '/404': 2, '/privacy': 1 };
    await expect.poll(() => countedViews(page), { timeout: 10_000 }).toEqual(shown);
    // A last page asked for after every beacon has been answered: once it is counted, so is everything
    // before it (one process, one batch a second), and nothing more came.
    await page.goto(`${site}/terms`);
    await expect.poll(() => countedViews(page), { timeout: 10_000 }).toEqual({ ...shown, '/terms': 1 });
    // The browser reports the not-found page's status, fetched in place and loaded again; nothing else.
    expect(consoleErrors.filter((error) => !error.includes('status of 404 (Not Found)'))).toEqual([]);
  });
});
