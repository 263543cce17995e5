import { test } from './fixtures';
import { type RunningServer, startServer } from './server';
import {
  card,
  ENDED,
  expect,
  KEY,
  openSession,
  seed,
  signIn,
  signInScreen,
  signInWithKey,
  storage,
  whereScriptsSee,
} from './admin-session';
import { resetEnquiries } from './enquiries-db';

let server: RunningServer;

test.describe('a staff session instead of a stored key', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });
  test.beforeEach(() => resetEnquiries(server.dataDir, seed.slice(0, 1)));

  test('after sign-in the key is nowhere scripts can read, and the cookie is HttpOnly and SameSite=Strict', async ({
    page,
    consoleErrors,
  }) => {
    await signInWithKey(page, server.baseUrl, KEY);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    expect(await whereScriptsSee(page, KEY)).toEqual([]);
    expect(await storage(page)).toEqual([null, null]);
    const cookies = await page.context().cookies();
    expect(cookies.map(({ name }) => name)).toEqual(['admin_session']);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookies[0]!.value).not.toContain(KEY);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // A reload keeps the session (the cookie), and still nothing readable holds the key.
    await page.reload();
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    expect(await whereScriptsSee(page, KEY)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  for (const [screen, path, heading] of [
    ['the inbox', '/admin', 'Admin Dashboard'],
    ['blog management', '/admin/blog', 'Blog Management'],
    ['the image manager', '/admin/images', 'Image Manager'],
    ['the logo manager', '/admin/logo', 'Logo Manager'],
  ] as const) {
    test(`signs out from ${screen}, ending the session on the server`, async ({ page }) => {
      await openSession(page, KEY, server.baseUrl);
      await page.goto(`${server.baseUrl}${path}`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(signInScreen(page)).toBeVisible();
      expect(await page.context().cookies()).toEqual([]);
      await page.reload();
      await expect(signInScreen(page)).toBeVisible({ timeout: 20_000 });
    });
  }

  test('signing out in one tab ends the session in the others at their next call', async ({ page, context }) => {
    await signIn(page, server.baseUrl, KEY);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/admin/logo`);
    await other.getByRole('button', { name: 'Logout' }).click();
    await expect(signInScreen(other)).toBeVisible();

    await page.getByRole('button', { name: /^Unreviewed/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await expect(signInScreen(page)).toBeVisible();
  });
});

test.describe('the idle time-out', () => {
  test.beforeAll(async () => {
    // Three seconds without an admin call end the session (ADMIN_SESSION_IDLE_MINUTES takes fractions).
    server = await startServer({ ADMIN_API_KEY: KEY, ADMIN_SESSION_IDLE_MINUTES: '0.05' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('brings back the sign-in form with the reason once the session has ended', async ({ page }) => {
    resetEnquiries(server.dataDir, seed.slice(0, 1));
    await signIn(page, server.baseUrl, KEY);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    // Left alone: the screen notices by itself, without staff clicking anything.
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible({ timeout: 15_000 });
    await expect(signInScreen(page)).toBeVisible();
    await expect(card(page, 'Amelia Hart')).toHaveCount(0);
    await page.reload();
    await expect(signInScreen(page)).toBeVisible({ timeout: 20_000 });

    // Signing in again works at once.
    await page.getByText('Use the admin key').click();
    await page.getByLabel('Admin API key').fill(KEY);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(card(page, 'Amelia Hart')).toBeVisible();
  });
});
