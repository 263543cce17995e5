import { chromium } from '@playwright/test';
const [url, out, width, ...ys] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url, { waitUntil: 'networkidle' });
for (const y of ys) await page.screenshot({ path: `${out}-${y}.png`, fullPage: true, clip: { x: 0, y: Number(y), width: Number(width), height: 1100 } });
await browser.close();
