// Lighthouse (mobile preset) on every public page of the production build, in the system
// Chromium: prints the four category scores and LCP per page. Needs `npm run build` first.
// Usage: npm run lighthouse [-- BASE_URL]   (without BASE_URL it starts the built server itself)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from './find-chromium.mjs';

const publicPaths = [
  '/',
  '/free-assessment',
  '/exam-resits',
  '/primary-tuition',
  '/secondary-tuition',
  '/subjects',
  '/why-northstar',
  '/contact',
  '/blog',
  '/privacy',
  '/terms',
];

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startBuiltServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 200; tries += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    baseUrl,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = process.argv[2] ? { baseUrl: process.argv[2], stop: () => {} } : await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ['--headless=new', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  for (const pagePath of publicPaths) {
    const result = await lighthouse(`${server.baseUrl}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile', // the default mobile preset: Moto G Power, slow 4G, 4x CPU slowdown
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push({
      page: pagePath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      LCP: audits['largest-contentful-paint']?.displayValue ?? '?',
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.table(rows);
