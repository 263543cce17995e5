import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Pictures for a person to look at while building a screen (docs/testing.md): taken only when
 * SCREENSHOT_DIR names a folder. They check nothing, so a test run without it skips their cost.
 * Each is taken at 1280 px and 390 px wide; the page is left at 1280 px.
 */
export async function screenshotForPeople(
  page: Page,
  name: string,
  { of, fullPage = false }: { of?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    const file = path.join(folder, `${name}-${width}.png`);
    await (of ? of.screenshot({ path: file }) : page.screenshot({ path: file, fullPage }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
