// Lighthouse (mobile preset) on every public page of the production build, in the system
// Chromium. Prints the four category scores and LCP per page, then the image audits.
// Usage: npm run build && npm run lighthouse
// The site is measured as staff use it: the home page's hero and tuition cards hold 4000 x 3000
// camera photos and a blog post has a featured and an inline image (scripts/lib/sample-content.ts).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/e2e/server';
import { findChromium } from './find-chromium.mjs';
import { samplePostSlug, seedSampleContent } from './lib/sample-content';

const allPublicPaths = [
  '/',
  '/free-assessment',
  '/exam-resits',
  '/primary-tuition',
  '/secondary-tuition',
  '/subjects',
  '/why-northstar',
  '/contact',
  '/blog',
  `/blog/${samplePostSlug}`,
  '/privacy',
  '/terms',
];

const imageAudits = [
  'image-delivery-insight',
  'uses-responsive-images',
  'modern-image-formats',
  'uses-optimized-images',
  'offscreen-images',
  'unsized-images',
  'image-aspect-ratio',
  'image-size-responsive',
  'lcp-lazy-loaded',
  'prioritize-lcp-image',
  'lcp-discovery-insight',
];

// `npm run lighthouse -- / /blog` measures only those pages; LIGHTHOUSE_REPORTS=dir keeps each full report.
// LIGHTHOUSE_RUNS=3 measures each page three times and reports the median run (by performance),
// with every run's score beside it: one run on a shared machine says little.
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const publicPaths = process.argv.length > 2 ? process.argv.slice(2) : allPublicPaths;

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run of a page. A run that fails to record its trace (NO_NAVSTART and the like,
 * which Lighthouse itself says to run again) is run once more.
 */
async function measure(pagePath: string, port: number, retry = true): Promise<Result> {
  const result = await lighthouse(`${server.baseUrl}${pagePath}`, {
    port,
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile', // the default mobile preset: Moto G Power, slow 4G, 4x CPU slowdown
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
  return result.lhr.runtimeError && retry ? measure(pagePath, port, false) : result.lhr;
}

const key = 'lighthouse-admin-key-0123456789abcdef';
const server = await startServer({ ADMIN_API_KEY: key, PAGE_CACHE_MS: '0' });
// Root cannot run Chromium's sandbox (CI runs as root); elsewhere keep it.
const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await seedSampleContent(server.baseUrl, key);
  chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-first-run', '--disable-background-networking', ...sandbox],
  });
  // One unmeasured run first: the first page a freshly started Chromium loads here often shows its
  // first frame about a second late (observed first paint 1.25-1.31 s against 0.2-0.45 s for every
  // later load, in three of five fresh starts), which says nothing about the page.
  await measure(publicPaths[0]!, chrome.port);
  const scores: Record<string, string | number>[] = [];
  const images: Record<string, string | number>[] = [];
  for (const pagePath of publicPaths) {
    const measured: Result[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measure(pagePath, chrome.port));
    measured.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = measured[Math.floor(measured.length / 2)]!;
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      const name = pagePath.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
      fs.writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
    const { categories, audits, runtimeError } = lhr;
    // A failed run scores 0: say why rather than print a misleading row.
    if (runtimeError)
      console.error(`${pagePath}: Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    scores.push({
      page: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      FCP: audits['first-contentful-paint']?.displayValue ?? '?',
      LCP: audits['largest-contentful-paint']?.displayValue ?? '?',
      TBT: audits['total-blocking-time']?.displayValue ?? '?',
      'Speed Index': audits['speed-index']?.displayValue ?? '?',
      CLS: audits['cumulative-layout-shift']?.displayValue ?? '?',
      ...(runs > 1 && {
        runs: measured.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)).join('/'),
      }),
    });
    const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? []).filter(
      (request) => request.resourceType === 'Image',
    );
    const failing = imageAudits.filter((id) => audits[id] && audits[id].score !== null && audits[id].score < 0.9);
    images.push({
      page: pagePath,
      'image requests': requests.length,
      'image KB': (requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024).toFixed(1),
      'image audits passed': imageAudits.filter((id) => audits[id]?.score !== null && (audits[id]?.score ?? 0) >= 0.9)
        .length,
      'failing (score < 0.9)': failing.map((id) => `${id} ${audits[id]?.displayValue ?? ''}`.trim()).join('; ') || '-',
    });
  }
  console.table(scores);
  console.log(`Image audits checked on every page: ${imageAudits.join(', ')} (not applicable ones are skipped)`);
  console.table(images);
} finally {
  await chrome?.kill();
  await server.stop();
  server.remove();
}
