import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 3's budget: the JavaScript a first visit to / downloads, gzipped.
const firstVisitBudget = 100_000;

test('a first visit to / downloads less than 100 kB of gzipped JavaScript', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');

  // Playwright hands back the decoded body; gzip it as the budget is stated, whatever the wire used.
  const sizes = await Promise.all(
    scripts.map(async (response) => ({
      url: response.url(),
      gzipped: gzipSync(await response.body(), { level: 9 }).length,
    })),
  );
  const total = sizes.reduce((sum, script) => sum + script.gzipped, 0);
  console.log(`first visit to /: ${sizes.length} scripts, ${total} bytes gzipped`);

  expect(sizes.length).toBeGreaterThan(0);
  expect(total, JSON.stringify(sizes, null, 1)).toBeLessThan(firstVisitBudget);
  // Pages the visitor has not opened stay out of the first visit.
  expect(sizes.filter((script) => /(?:BlogPage|ContactPage|AdminApp|RichTextEditor)-/.test(script.url))).toEqual([]);
});
