import type { Page } from '@playwright/test';
import { publishBeforeAll, useBlogServer } from './blog-server';
import { uniqueEmail } from './enquiries';
import { expect, test } from './fixtures';

// Links between public pages navigate without reloading the page (decision 0052).

// With motion, as most visitors: page swaps then run inside a view transition, which reduced
// motion skips (src/web/navigation/page-swap.ts), and the suite's contexts ask for reduced motion.
test.use({ reducedMotion: 'no-preference' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const category = `Navigation ${run}`;
const postTitle = `Finding your way ${run}`;

/** What the document shows now: enough to tell one page from another, and one document from another. */
const shown = (page: Page) =>
  page.evaluate(() => ({
    marker: (window as unknown as { marker?: string }).marker,
    navigationEntries: performance.getEntriesByType('navigation').length,
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    head: [...document.head.querySelectorAll('[data-head]')].map((element) => element.outerHTML),
    heading: document.querySelector('main h1')?.textContent ?? null,
  }));

/** The same facts as the server sends them for `path` on a first visit, read from its HTML. */
const served = (page: Page, path: string) =>
  page.evaluate(async (address) => {
    const html = await (await fetch(address)).text();
    const served = new DOMParser().parseFromString(html, 'text/html');
    return {
      title: served.title,
      canonical: served.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: served.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      head: [...served.head.querySelectorAll('[data-head]')].map((element) => element.outerHTML),
      heading: served.querySelector('main h1')?.textContent ?? null,
    };
  }, path);

/** Follows `click` and checks the new page is drawn in the same document, as the server renders it. */
async function follow(page: Page, click: () => Promise<void>, path: RegExp | string) {
  await click();
  await expect(page).toHaveURL(path);
  const expected = await served(page, new URL(page.url()).pathname + new URL(page.url()).search);
  // Drawn once the document shows what the server sends for that address (some pages share a title).
  await expect.poll(async () => (await shown(page)).head).toEqual(expected.head);
  const now = await shown(page);
  expect(now).toMatchObject({ marker: run, navigationEntries: 1, ...expected });
  // Keyboard and screen reader users start at the new page's heading, and hear its title.
  await expect(page.locator('main h1')).toBeFocused();
  await expect(page.locator('[data-page-announcer]')).toHaveText(expected.title);
  return now;
}

/** Scrolls down, follows `click`, goes Back, and expects the page where it was left. */
async function backKeepsScroll(page: Page, click: () => Promise<void>, from: string) {
  // The last page's view transition must be over first: while it runs its snapshots cover the
  // page, so Playwright's click retries, scrolling the link "into view" (for the sticky header:
  // to the top) and the page is left at 0 instead of 600. A visitor does not click within it.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !String((animation.effect as KeyframeEffect | null)?.pseudoElement ?? '').startsWith('::view-transition'),
      ),
  );
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await click();
  await expect(page).not.toHaveURL(from);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(from);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  expect((await shown(page)).marker).toBe(run);
}

/** The whole walk of the done-when: header, footer, a blog card, a blog filter, the 404's Go Home. */
async function walk(page: Page) {
  // Twelve navigations and as many checks: on a shared two-core machine the journey needs the time.
  test.setTimeout(120_000);
  await page.goto('/');
  // The navigation script is there once the page's own script has run (decision 0044).
  await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
  await page.evaluate((value) => Object.assign(window, { marker: value }), run);

  const main = page.getByRole('navigation', { name: 'Main' });
  await follow(page, () => main.getByRole('link', { name: 'Subjects' }).click(), /\/subjects$/);
  await follow(page, () => page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click(), /\/privacy$/);
  await backKeepsScroll(
    page,
    () => main.getByRole('link', { name: 'Blog' }).click(),
    `${new URL(page.url()).origin}/privacy`,
  );

  await follow(page, () => main.getByRole('link', { name: 'Blog' }).click(), /\/blog$/);
  await follow(
    page,
    () => page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: category }).click(),
    /\/blog\?category=/,
  );
  const post = await follow(
    page,
    () => page.getByRole('link', { name: postTitle }).click(),
    /\/blog\/finding-your-way/,
  );
  expect(post.head.some((entry) => entry.includes('application/ld+json'))).toBe(true);

  // A stale link to a page that does not exist: the not-found page, in place, with its robots marker.
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), { href: '/no-such-page', textContent: 'An old link' });
    document.querySelector('main')!.append(link);
  });
  const missing = await follow(page, () => page.getByRole('link', { name: 'An old link' }).click(), /\/no-such-page$/);
  expect(missing.robots).toBe('noindex, nofollow');
  const home = await follow(page, () => page.getByRole('link', { name: 'Go Home' }).click(), /\/$/);
  // Leaving the not-found page brings back the default title and drops the robots marker.
  expect(home.robots).toBeNull();
  expect(home.title).not.toContain('404');

  // Back through it all, in the same document.
  await page.goBack();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect.poll(async () => (await shown(page)).robots).toBe('noindex, nofollow');
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\/finding-your-way/);
  await expect.poll(async () => (await shown(page)).heading).toBe(postTitle);
  expect((await shown(page)).navigationEntries).toBe(1);
}

test.describe('in-place navigation', () => {
  useBlogServer();
  publishBeforeAll({
    title: postTitle,
    excerpt: 'How to move around the site.',
    content: '<p>Links, Back and Forward.</p>',
    category,
  });

  test('links, filters and Back keep the same document (Navigation API)', async ({ page, consoleErrors }) => {
    expect(await page.evaluate(() => 'navigation' in window)).toBe(true);
    await walk(page);
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('the same with the History API, in a browser without the Navigation API', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
    await page.goto('/');
    expect(await page.evaluate(() => (window as { navigation?: unknown }).navigation)).toBeUndefined();
    await walk(page);
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('the blog search form navigates in place', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
    await page.evaluate((value) => Object.assign(window, { marker: value }), run);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('finding');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/blog\?q=finding$/);
    await expect(page.getByRole('link', { name: postTitle })).toBeVisible();
    expect(await shown(page)).toMatchObject({ marker: run, navigationEntries: 1 });
  });
});

test.describe('what stays alive', () => {
  test('the ticker is the same element, and an open toast stays open', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByLabel('Email').fill(uniqueEmail('navigation'));
    await form.getByLabel('Mobile').fill('07700900123');
    await form.getByLabel('Message').fill('Hello, a question about maths lessons.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toast).toContainText('Message sent successfully!');

    // Tag the ticker: a new element would lack the tag (and its animation would start again).
    await page.evaluate(() => Object.assign(document.querySelector('section.ticker')!, { seenBefore: true }));
    // The pointer rests on the toast, which holds its timer; the link is followed from the keyboard.
    await toast.locator('li').first().hover();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/subjects$/);
    await expect(page.locator('main h1')).toContainText('Subject Tuition');
    const sameTicker = await page.evaluate(
      () => (document.querySelector('section.ticker') as Element & { seenBefore?: boolean }).seenBefore === true,
    );
    expect(sameTicker).toBe(true);
    await expect(toast).toContainText('Message sent successfully!');
  });

  test('an island on the new page starts as on a first visit', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    // The island sent nothing and stayed: the browser's own post (decision 0062) was held back.
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('left to the browser', () => {
  test('the admin area, a failing answer and a new-tab click are ordinary navigations', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
    await page.evaluate((value) => Object.assign(window, { marker: value }), run);

    // Ctrl-click opens a new tab and leaves this page as it is.
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Subjects' })
        .click({ modifiers: ['Control'] }),
    ]);
    await opened.close();
    await expect(page).toHaveURL(/\/$/);
    expect((await shown(page)).marker).toBe(run);

    // A page the server cannot answer: the browser loads it itself (and shows what the server says).
    await page.route('**/terms', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Down for a moment' }),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByText('Down for a moment')).toBeVisible();
    await expect(page).toHaveURL(/\/terms$/);
    expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBeUndefined();
  });

  test('a link to the admin area loads the admin application', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
    await page.evaluate((value) => Object.assign(window, { marker: value }), run);
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/admin', textContent: 'Staff' });
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBeUndefined();
  });

  test('a link the pointer rests on is fetched before it is clicked', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-page-announcer]')).toHaveCount(1);
    const fetchesOf = (path: string) =>
      page.evaluate(
        (wanted) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'fetch')
            .filter((entry) => new URL(entry.name).pathname === wanted).length,
        path,
      );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exam Resits' }).hover();
    await expect.poll(() => fetchesOf('/exam-resits')).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exam Resits' }).click();
    await expect(page).toHaveURL(/\/exam-resits$/);
    await expect(page.locator('main h1')).toBeFocused();
    // The click used what the hover fetched.
    expect(await fetchesOf('/exam-resits')).toBe(1);
  });
});
