import { expect, openSession } from './admin-session';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

const KEY = 'admin-404-e2e-key-0123456789abcdefghijk';
let server: RunningServer;

/** A mistyped admin address is answered inside the admin, with a way back, and still a 404 (issue 38). */
test.describe('a mistyped /admin address', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('shows the admin’s own "Page not found" with a link to the dashboard, not the public 404', async ({ page }) => {
    await openSession(page, KEY, server.baseUrl);
    const answer = await page.goto(`${server.baseUrl}/admin/enquires`);
    expect(answer!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('404 - Page Not Found')).toHaveCount(0);
    // Inside the admin: its own bar is there, and the link goes back to the dashboard.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the admin dashboard' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
