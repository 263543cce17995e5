// Screenshots of pages at desktop and phone width: node scripts/screenshot.mjs BASE_URL OUT_DIR path…
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...pagePaths] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--disable-background-networking'] });
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  for (const pagePath of pagePaths.length ? pagePaths : ['/']) {
    await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'networkidle' });
    const name = pagePath.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
    // Blocks drawn only near the viewport (decision 0045) would be blank in a full-page capture,
    // which does not scroll: draw them, as a visitor's scrolling would.
    await page.evaluate(() =>
      document.querySelectorAll('.render-when-near').forEach((block) => (block.style.contentVisibility = 'visible')),
    );
    await page.screenshot({ path: `${outDir}/${name}-${label}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
