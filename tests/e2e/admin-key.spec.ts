import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { card, ENDED, expect, seed, signIn, storage } from './admin-session';
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

const printedKey = () => /ADMIN API KEY \(generated on first start\)\s+(\S+)/.exec(server.output())?.[1];

test.describe('a fresh install without ADMIN_API_KEY', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: '' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('prints a key once; it signs in; rotating it logs the open session out', async ({ page }) => {
    const printed = /ADMIN API KEY \(generated on first start\)\s+(\S+)/.exec(server.output());
    expect(printed, server.output()).not.toBeNull();
    const key = printed![1]!;
    resetEnquiries(server.dataDir, seed.slice(0, 1));

    await signIn(page, server.baseUrl, key);
    await expect(card(page, 'Amelia Hart')).toBeVisible();

    const newKey = rotateKey(server.dataDir);
    expect(newKey).not.toBe(key);
    expect(server.output().match(/ADMIN API KEY/g)).toHaveLength(1);

    // Rotation ended the session: the next load is refused and the sign-in form says why.
    await page.getByRole('button', { name: /^Unreviewed/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await signIn(page, server.baseUrl, newKey);
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
    await signIn(page, server.baseUrl, printedKey()!);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    rotateKey(server.dataDir);

    // Moving to the blog screen (no reload) loads its posts with the ended session.
    await page.getByRole('link', { name: 'Blog Management' }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await expect(page.getByLabel('Admin API key')).toBeVisible();
    const toasts = page.locator('section[aria-label="Notifications (F8)"]');
    await expect(toasts.getByText(ENDED, { exact: true })).toHaveCount(1);
    expect(await storage(page)).toEqual([null, null]);
  });
});
