import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { freePort } from './server';

// `npm run dev` (scripts/dev.mjs): the site from source through Vite, with hot reload.
test.describe('the development server', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  let output = '';

  test.beforeAll(async () => {
    // Vite pre-bundles the browser dependencies on its first start.
    test.setTimeout(120_000);
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dev-'));
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['scripts/dev.mjs'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status, { timeout: 100_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('renders pages from source on the server, hydrates their islands and connects for hot reload', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const html = await (await fetch(`${baseUrl}/subjects`)).text();
    // The loader imports Vite's client and the page's entry from source once the page is drawn.
    const deferred = JSON.parse(/id="deferred-assets">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(deferred.modules?.[0]).toBe('/@vite/client');
    expect(html).toMatch(/<h1[^>]*>Subject Tuition/);

    const hotReload = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('[vite] connected'),
      timeout: 60_000,
    });
    await page.goto(`${baseUrl}/contact`);
    await hotReload;
    // The form's island hydrated from source: it validates in the browser.
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('First name is required')).toBeVisible({ timeout: 30_000 });
    expect(consoleErrors, output).toEqual([]);
  });
});
