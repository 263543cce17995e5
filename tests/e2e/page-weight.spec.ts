import http from 'node:http';
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

// Issue 10's HTML budget for / (decision 0028). The issue asks for 40 KB raw; what is left above it
// is the site header (both menus) and the hydration data, which the islands work reshapes, and
// the inline CSS. Lower these figures as that lands; never raise them without a decision.
const homeRawBudget = 56_000;
const homeBrotliBudget = 12_000;
const homeInlineCssBudget = 20_000;

/** The bytes as sent, not decoded (fetch would decode them), and the coding the server chose. */
function sent(url: string, acceptEncoding: string): Promise<{ body: Buffer; coding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ body: Buffer.concat(chunks), coding: response.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });
}

test('/ stays inside its HTML budget, raw and as brotli', async ({ baseURL }) => {
  const raw = await sent(`${baseURL}/`, 'identity');
  const brotli = await sent(`${baseURL}/`, 'br');
  const inlineCss = raw.body.toString('utf8').match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
  console.log(`/: ${raw.body.length} bytes raw, ${brotli.body.length} brotli, inline CSS ${inlineCss.length}`);

  expect(raw.coding).toBeUndefined();
  expect(brotli.coding).toBe('br');
  expect(raw.body.length).toBeLessThanOrEqual(homeRawBudget);
  expect(brotli.body.length).toBeLessThanOrEqual(homeBrotliBudget);
  expect(inlineCss.length).toBeGreaterThan(0);
  expect(inlineCss.length).toBeLessThanOrEqual(homeInlineCssBudget);
});

test('the testimonials are sent once and copied for the endless scroll in the browser', async ({ page, baseURL }) => {
  const html = await (await fetch(`${baseURL}/`)).text();
  const sentCards = html.match(/<figure\b/g)?.length ?? 0;
  expect(sentCards).toBeGreaterThan(0);
  expect(html.match(/class="carousel-list\b/g)).toHaveLength(1);

  await page.goto('/');
  const lists = page.locator('.carousel-list');
  await expect(lists).toHaveCount(2);
  await expect(lists.nth(1)).toHaveAttribute('aria-hidden', 'true');
  await expect(lists.nth(1).locator('figure')).toHaveCount(sentCards);
});
