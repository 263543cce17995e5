// `npm run measure:navigation -- BASE_URL [BASE_URL…]`: how long a visitor waits from clicking a
// header link to the next page's first paint, on a phone-sized Chromium, for each site given
// (for example this build and an older one, measured in turns in the same run). Each click is
// measured twice: "cold" (clicked at once) and "on intent" (the pointer rests on the link for
// 300 ms first, as a visitor's does). Works for in-place navigation (decision 0052) and for
// whole page loads alike: the click time and the paint time are both read as absolute times.
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const bases = process.argv.slice(2);
if (bases.length === 0) {
  console.error('Usage: npm run measure:navigation -- BASE_URL [BASE_URL…]');
  process.exit(1);
}
const rounds = Number(process.env.NAV_ROUNDS || 5);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('NAV_ROUNDS must be a whole number of at least 1.');
  process.exit(1);
}
const route = ['Subjects', 'Blog', 'Contact', 'Exam Resits', 'Home', 'Primary Tuition'];

/** In every document: remember the click's absolute time across a page load, and note paints. */
function instrument() {
  addEventListener(
    'click',
    (event) => sessionStorage.setItem('clickAt', String(performance.timeOrigin + event.timeStamp)),
    true,
  );
  // An in-place swap replaces <main>: the frame after that is the new page's first paint.
  new MutationObserver((records) => {
    if (!records.some((record) => [...record.addedNodes].some((node) => node.nodeName === 'MAIN'))) return;
    requestAnimationFrame(() =>
      setTimeout(() => sessionStorage.setItem('paintAt', String(performance.timeOrigin + performance.now()))),
    );
  }).observe(document, { childList: true, subtree: true });
  // A new document: its first contentful paint (after activation, when it was prerendered).
  new PerformanceObserver((list) => {
    const fcp = list.getEntriesByName('first-contentful-paint')[0];
    if (!fcp) return;
    const activation = performance.getEntriesByType('navigation')[0]?.activationStart ?? 0;
    sessionStorage.setItem('paintAt', String(performance.timeOrigin + Math.max(fcp.startTime, activation)));
  }).observe({ type: 'paint', buffered: true });
}

async function clickToPaint(page, label, intent) {
  const link = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: label, exact: true });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.evaluate(() => sessionStorage.removeItem('paintAt'));
  if (intent) {
    await link.hover();
    await page.waitForTimeout(300);
  }
  await link.click();
  await page.waitForFunction(() => sessionStorage.getItem('paintAt') !== null, null, { timeout: 15_000 });
  return page.evaluate(() => Number(sessionStorage.getItem('paintAt')) - Number(sessionStorage.getItem('clickAt')));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--disable-background-networking'] });
const results = new Map(bases.map((base) => [base, { cold: [], intent: [] }]));
for (let round = 0; round < rounds; round += 1) {
  for (const base of bases) {
    for (const intent of [false, true]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: false });
      await page.addInitScript(instrument);
      await page.goto(base);
      // The page's own script (menu, navigation) arrives once it is drawn (decision 0044).
      await page.waitForLoadState('load');
      await page.waitForTimeout(500);
      for (const label of route) {
        results.get(base)[intent ? 'intent' : 'cold'].push(await clickToPaint(page, label, intent));
        await page.waitForTimeout(200);
      }
      await page.close();
    }
  }
}
await browser.close();
console.log(`Click to the next page's first paint, ms (median of ${rounds * route.length} clicks, 390 px):`);
for (const [base, { cold, intent }] of results) {
  console.log(
    `  ${base}: clicked at once ${median(cold).toFixed(0)}, after 300 ms on the link ${median(intent).toFixed(0)}`,
  );
}
