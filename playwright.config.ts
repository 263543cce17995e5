import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.mjs';

/**
 * The environment without libfaketime: the server and the tests may run a year ahead (decision
 * 0060), but Chromium hangs when its clock calls are intercepted, so it keeps the real time.
 */
function withoutFaketime(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = Object.entries(env).filter(([name]) => !/^(?:LD_PRELOAD|FAKETIME.*|DONT_FAKE_MONOTONIC)$/.test(name));
  return Object.fromEntries(kept.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * End-to-end tests in the system Chromium (never a downloaded browser) against the production
 * build, which tests/e2e/global-setup.ts starts on a free port with a temporary data folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds the Vitest report.
  outputDir: 'test-results/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A ceiling, not a speed check: the axe-core passes take 10-30 s on a busy two-core machine.
  timeout: 60_000,
  // Also a ceiling: with two workers, two servers and Chromium on two busy cores, the admin
  // application once took more than the default 5 s to load and draw its first screen.
  expect: { timeout: 15_000 },
  forbidOnly: process.env.CI === 'true',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    // The axe-core check injects its script into pages whose CSP allows only our own scripts.
    bypassCSP: true,
    trace: 'retain-on-failure',
    // A browser that asks for reduced motion, as some parents' do: the area ticker's endless
    // animation otherwise keeps Chromium drawing frames in software on every public page, a fifth
    // to a quarter of the suite's time (decision 0077). The specs about motion ask for it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: findChromium({ headlessShell: true }),
      env: withoutFaketime(process.env),
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
