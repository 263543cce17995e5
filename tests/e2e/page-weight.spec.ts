import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { blogAdminHeaders, useBlogServer } from './blog-server';
import { expect, test } from './fixtures';

/**
 * Issue 13's budgets for the JavaScript a first visit downloads, gzipped. Every page runs the
 * island loader and a few lines of plain script; a form's island, and React with it (65 kB), load
 * when the visitor reaches for the form, not with the page (decision 0038).
 */
const textPageBudget = 10_000;
const formPageBudget = 60_000;

async function firstVisitScripts(page: Page, path: string) {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Playwright hands back the decoded body; gzip it as the budget is stated, whatever the wire used.
  const sizes = await Promise.all(
    scripts.map(async (response) => ({
      url: response.url(),
      gzipped: gzipSync(await response.body(), { level: 9 }).length,
    })),
  );
  const total = sizes.reduce((sum, script) => sum + script.gzipped, 0);
  console.log(`first visit to ${path}: ${sizes.length} scripts, ${total} bytes gzipped`);
  expect(sizes.length).toBeGreaterThan(0);
  return { sizes, total };
}

const run = Date.now().toString(36);
const slug = `weight-${run}`; // the slug the server makes of the title

test.describe('first-visit JavaScript', () => {
  useBlogServer();
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const response = await request.post('/api/admin/blog', {
      headers: blogAdminHeaders,
      data: {
        title: `Weight ${run}`,
        excerpt: 'A post to weigh.',
        content: '<p>Reading needs no script.</p>',
        author: 'Jane Smith',
        category: 'Study tips',
        published: 'true',
      },
    });
    expect(response.status()).toBe(201);
    await request.dispose();
  });

  for (const [label, path] of [
    ['/privacy', '/privacy'],
    ['/terms', '/terms'],
    ['a blog post', `/blog/${slug}`],
    ['/blog', '/blog'],
    ['/subjects', '/subjects'],
  ] as const) {
    test(`${label} downloads at most 10 kB and no React`, async ({ page }) => {
      const { sizes, total } = await firstVisitScripts(page, path);
      expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(textPageBudget);
      expect(sizes.filter((script) => /\/(?:client|hydrate-island)-/.test(script.url))).toEqual([]);
    });
  }

  for (const path of ['/', '/contact', '/free-assessment']) {
    test(`${path}, a page with a form, stays within the form pages' budget`, async ({ page }) => {
      const { sizes, total } = await firstVisitScripts(page, path);
      expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(formPageBudget);
      // Pages the visitor has not opened, and the admin application, stay out of the first visit.
      expect(sizes.filter((script) => /(?:Page|AdminApp|RichTextEditor|entry-client)-/.test(script.url))).toEqual([]);
    });
  }
});
