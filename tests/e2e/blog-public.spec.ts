import { type APIRequestContext } from '@playwright/test';
import { blogAdminHeaders, useBlogServer } from './blog-server';
import { axeViolations, expect, test } from './fixtures';

/** Each run files its posts under its own category and search word, so parallel specs do not meet. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const category = `Revision ${run}`;
const word = `zeta${run}`;

async function seed(request: APIRequestContext) {
  for (let index = 1; index <= 8; index += 1) {
    const response = await request.post('/api/admin/blog', {
      headers: blogAdminHeaders,
      data: {
        title: `Plan ${run} number ${index}`,
        excerpt: index === 5 ? `Contains ${word} in the excerpt` : 'A short summary for parents.',
        content: `<p>Body of post ${index} with <strong>bold</strong> advice.</p>`,
        author: 'Jane Smith',
        category,
        tags: 'GCSE, planning',
        published: 'true',
      },
    });
    expect(response.status()).toBe(201);
  }
  const draft = await request.post('/api/admin/blog', {
    headers: blogAdminHeaders,
    data: {
      title: `Draft ${run}`,
      excerpt: 'x',
      content: '<p>secret</p>',
      author: 'A',
      category,
      published: 'false',
    },
  });
  expect(draft.status()).toBe(201);
}

test.describe.configure({ mode: 'serial' });

test.describe('public blog', () => {
  useBlogServer();
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    await seed(request);
    await request.dispose();
  });

  test('category filter, badges, pagination and Clear All, all in the URL', async ({ page, consoleErrors }) => {
    await page.goto('/blog');
    await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: category }).click();
    await expect(page).toHaveURL(`/blog?category=${encodeURIComponent(category).replace(/%20/g, '+')}`);
    await expect(page.getByText(`Category: ${category}`)).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText(`Plan ${run} number 8`);

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`Draft ${run}`)).toHaveCount(0);

    // A search from page 2 starts again at page 1 and wins over the category.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Plan ${run} number 5`);
    await expect(page.getByText(`Search: “${word}”`)).toBeVisible();

    await page.getByRole('link', { name: 'Clear All' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByText('Active filters:')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  test('a search answers with the finished list from the server, never a loading state', async ({ page }) => {
    // A public page's only data path is the server's HTML (decision 0052): no API call, no skeletons to wait through.
    let clientFetches = 0;
    await page.route('**/api/blog/**', async (route) => {
      clientFetches += 1;
      await route.continue();
    });
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await expect(page.locator('main article')).toHaveCount(1);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(clientFetches).toBe(0);
  });

  test('a post shows its contents, share links, related posts and calls to action', async ({ page }) => {
    await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    await page.getByRole('link', { name: `Plan ${run} number 3` }).click();
    await expect(page).toHaveURL(`/blog/plan-${run}-number-3`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Plan ${run} number 3`);
    await expect(page).toHaveTitle(`Plan ${run} number 3 | Northstar Tutors Blog`);
    const article = page.locator('article').first();
    await expect(article.getByText(category, { exact: true })).toBeVisible();
    await expect(article.getByText('Jane Smith')).toBeVisible();
    await expect(article.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['GCSE', 'planning']);
    await expect(article.locator('[data-post-body] strong')).toHaveText('bold');
    const share = page.getByRole('group', { name: 'Share this article' });
    await expect(share.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', /facebook\.com\/sharer/);
    await expect(share.getByRole('link', { name: /X \(Twitter\)/ })).toHaveAttribute('href', /x\.com\/intent\/post/);
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0); // no navigator.share on desktop Chromium
    const related = page.getByRole('region', { name: 'Related articles' }).locator('article');
    await expect(related).toHaveCount(3);
    await expect(related.filter({ hasText: `Plan ${run} number 3` })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Book A Free Assessment' }).last()).toHaveAttribute(
      'href',
      '/free-assessment',
    );
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL('/blog');
  });

  test('the native share button appears where the browser has one', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: async () => undefined, configurable: true });
    });
    await page.goto(`/blog/plan-${run}-number-2`);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`blog list and post have no axe violations on ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of [
        `/blog?category=${encodeURIComponent(category)}`,
        `/blog/plan-${run}-number-4`,
        `/blog/draft-${run}`,
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  }
});
