import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { card, ENDED, expect, seed, signInScreen, signInWithKey, storage } from './admin-session';
import { resetEnquiries } from './enquiries-db';

let server: RunningServer;

/** Rotates the key of a running server's data folder, as staff would; answers the new key. */
function rotateKey(dataDir: string): string {
  const rotated = execFileSync(process.execPath, [path.resolve('dist/server/admin-key.js')], {
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_API_KEY: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return /ADMIN API KEY \(new[^)]*\)\s+(\S+)/.exec(rotated)![1]!;
}

test.describe('a fresh install without ADMIN_API_KEY', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: '' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('prints a setup link instead of a key; npm run admin:key makes one; rotating it logs the open session out', async ({
    page,
  }) => {
    // No key is made on a first start any more (decision 0058): the banner is the owner's setup link.
    expect(server.output()).toContain('SET UP THE FIRST STAFF ACCOUNT');
    expect(server.output()).toMatch(/\/admin\/invitation#[\w-]{43}/);
    expect(server.output()).not.toContain('ADMIN API KEY');
    const key = rotateKey(server.dataDir);
    resetEnquiries(server.dataDir, seed.slice(0, 1));

    await signInWithKey(page, server.baseUrl, key);
    await expect(card(page, 'Amelia Hart')).toBeVisible();

    const newKey = rotateKey(server.dataDir);
    expect(newKey).not.toBe(key);

    // Rotation ended the session: the next load is refused and the sign-in form says why.
    await page.getByRole('button', { name: /^Unreviewed/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await signInWithKey(page, server.baseUrl, newKey);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
  });
});

test.describe('a key rotated while a session is open', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: '' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('the next call from any admin screen signs out once, with the message', async ({ page }) => {
    resetEnquiries(server.dataDir, seed.slice(0, 1));
    await signInWithKey(page, server.baseUrl, rotateKey(server.dataDir));
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    rotateKey(server.dataDir);

    // Moving to the blog screen (no reload) loads its posts with the ended session.
    await page.getByRole('link', { name: 'Blog Management' }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await expect(signInScreen(page)).toBeVisible();
    const toasts = page.locator('section[aria-label="Notifications (F8)"]');
    await expect(toasts.getByText(ENDED, { exact: true })).toHaveCount(1);
    expect(await storage(page)).toEqual([null, null]);
  });
});
