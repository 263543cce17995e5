import fs from 'node:fs';
import { axeViolations, test } from './fixtures';
import { type RunningServer, startServer } from './server';
import {
  card,
  cards,
  ENDED,
  expect,
  INVALID,
  KEY,
  openAdmin,
  seed,
  signIn as signInAt,
  signInScreen,
  signInWithKey,
  storage,
  whereScriptsSee,
} from './admin-session';
import { resetEnquiries, reviewedOf } from './enquiries-db';

// One server per worker (tests of this file may run in parallel workers, each on its own data).
let server: RunningServer;
const signIn = (page: Parameters<typeof signInAt>[0], key: string) => signInAt(page, server.baseUrl, key);

test.describe('admin sign-in and the enquiry inbox', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });
  test.beforeEach(() => resetEnquiries(server.dataDir, seed));

  test('a wrong key is refused with the message and nothing stays stored', async ({ page }) => {
    await signInWithKey(page, server.baseUrl, 'not-the-right-key-at-all-000000');
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
    await expect(signInScreen(page)).toBeVisible();
    expect(await storage(page)).toEqual([null, null]);
  });

  test('a blank key is asked for below the field and not sent; the typed key is sent trimmed', async ({ page }) => {
    const sessionCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/session') sessionCalls.push(request.method());
    });
    await openAdmin(page, server.baseUrl);
    await page.getByText('Use the admin key').click();
    const field = page.getByLabel('Admin API key');
    await field.fill('   ');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Admin API key is required')).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sessionCalls).toEqual([]);

    // The message goes as the key is typed (checked on every change after the first submit).
    await field.fill(` ${KEY} `);
    await expect(page.getByText('Admin API key is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    expect(sessionCalls).toEqual(['POST']);
  });

  test('the right key signs in, a reload keeps the session, logout clears it', async ({ page, consoleErrors }) => {
    await signInWithKey(page, server.baseUrl, KEY);
    await expect(page.getByRole('heading', { name: 'Enquiries', exact: true })).toBeVisible();
    for (const name of ['Blog Management', 'Image Manager', 'Logo Manager']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    // The key is sent once, to open the session, and kept nowhere in the browser (decision 0030).
    expect(await whereScriptsSee(page, KEY)).toEqual([]);

    await page.reload();
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    // This server has no SMTP_URL: the inbox says so once, above the list.
    await expect(page.getByText('E-mail is off: new enquiries are not e-mailed to the office')).toHaveCount(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(signInScreen(page)).toBeVisible();
    expect(await storage(page)).toEqual([null, null]);
    await page.reload();
    await expect(signInScreen(page)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the sign-in form, the inbox and the edit dialog pass axe', async ({ page }) => {
    test.slow(); // three axe runs
    await openAdmin(page, server.baseUrl);
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, KEY);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await card(page, 'Amelia Hart').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Submission' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('pages of 20 on the server', async ({ page }) => {
    resetEnquiries(
      server.dataDir,
      Array.from({ length: 23 }, (_, i) => ({
        type: 'contact' as const,
        firstName: `Parent${i + 1}`,
        lastName: 'Example',
        email: `p${i + 1}@example.test`,
        minutesAgo: i + 1,
      })),
    );
    await signIn(page, KEY);
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(cards(page).getByRole('heading')).toHaveText([
      'Parent21 Example',
      'Parent22 Example',
      'Parent23 Example',
    ]);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(card(page, 'Parent1 Example')).toBeVisible();
  });

  test('filter tiles show counts, filter, and return to all; search narrows the list', async ({ page }) => {
    await signIn(page, KEY);
    const tile = (name: string) =>
      page.getByRole('group', { name: 'Filter submissions' }).getByRole('button', { name });
    await expect(tile('All 4')).toHaveAttribute('aria-pressed', 'true');
    await expect(tile('Assessments 2')).toBeVisible();
    await expect(tile('Contact 2')).toBeVisible();
    await expect(tile('Unreviewed 3')).toBeVisible();
    // Newest first.
    await expect(cards(page).getByRole('heading')).toHaveText([
      'Amelia Hart',
      'George Walker',
      'Isla Patel',
      'Oliver Khan',
    ]);
    await expect(card(page, 'Amelia Hart').getByText('Needs review')).toBeVisible();
    await expect(card(page, 'Isla Patel').getByText('Needs review')).toHaveCount(0);

    await tile('Assessments 2').click();
    await expect(cards(page).getByRole('heading')).toHaveText(['Amelia Hart', 'Isla Patel']);
    await tile('Assessments 2').click();
    await expect(tile('All 4')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(4);

    await tile('Unreviewed 3').click();
    await expect(cards(page).getByRole('heading')).toHaveText(['Amelia Hart', 'George Walker', 'Oliver Khan']);
    await tile('All 4').click();

    await page.getByLabel('Search').fill('walker');
    await expect(cards(page).getByRole('heading')).toHaveText(['George Walker']);
    await expect(tile('All 1')).toBeVisible();
    await page.getByLabel('Search').fill('nobody-matches-this');
    await expect(page.getByText('No enquiries match this search or filter.')).toBeVisible();
  });

  test('editing marks a submission reviewed and saves it', async ({ page }) => {
    await signIn(page, KEY);
    await card(page, 'George Walker').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Submission' });
    for (const label of ['First name', 'Last name', 'Email', 'Telephone', 'Mobile', 'Year group', 'Subject']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Message')).toHaveValue('Do you run Saturday classes?');
    await dialog.getByLabel('Reviewed').click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await dialog.getByLabel('Year group').fill('Year 6');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Submission updated successfully.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'George Walker').getByText('Needs review')).toHaveCount(0);
    await expect(card(page, 'George Walker').getByText('Year 6')).toBeVisible();
    expect(reviewedOf(server.dataDir, 'george@example.test')).toBe('true');
  });

  test('an invalid edit names the field and saves nothing', async ({ page }) => {
    await signIn(page, KEY);
    await card(page, 'Amelia Hart').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Submission' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
  });

  test('saving a submission someone else deleted meanwhile says it failed', async ({ page }) => {
    await signIn(page, KEY);
    await card(page, 'Amelia Hart').getByRole('button', { name: 'Edit' }).click();
    resetEnquiries(server.dataDir, []);
    await page.getByRole('dialog', { name: 'Edit Submission' }).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Failed to update submission.').first()).toBeVisible();
  });

  test("the server's message reaches the failure toast, with its status and without its code", async ({ page }) => {
    await signIn(page, KEY);
    await card(page, 'George Walker').getByRole('button', { name: 'Delete' }).click();
    resetEnquiries(server.dataDir, []);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const toast = page.locator('section[aria-label="Notifications (F8)"]');
    await expect(toast.getByText('Failed to delete submission.', { exact: true })).toBeVisible();
    await expect(toast.getByText(/^404: There is no submission \d+\.$/)).toBeVisible();
    await expect(toast).not.toContainText('not_found');
  });

  test('delete asks first; Cancel keeps it, Delete removes it', async ({ page }) => {
    await signIn(page, KEY);
    await card(page, 'Oliver Khan').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await expect(confirm).toContainText('will be moved to the Bin. You can restore it from there for 30 days.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Oliver Khan')).toBeVisible();

    await card(page, 'Oliver Khan').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Moved to the Bin.').first()).toBeVisible();
    await expect(card(page, 'Oliver Khan')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(3);
  });

  test('CSV download of the current filter opens cleanly and defuses formulas', async ({ page }, testInfo) => {
    await signIn(page, KEY);
    await page.getByRole('button', { name: 'Contact 2' }).click();
    await expect(cards(page)).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = testInfo.outputPath('export.csv');
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('george@example.test');
    expect(text).toContain(`'=cmd|calc`);
    expect(text).not.toContain('amelia@example.test');
  });

  test('a session that ends mid-way logs out with the message', async ({ page }) => {
    await signIn(page, KEY);
    await expect(card(page, 'Amelia Hart')).toBeVisible();
    // As if the session had ended on the server: the browser no longer holds a live one.
    await page.context().clearCookies();
    await page.getByRole('button', { name: /^Unreviewed/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await expect(signInScreen(page)).toBeVisible();
    expect(await storage(page)).toEqual([null, null]);
  });
});
