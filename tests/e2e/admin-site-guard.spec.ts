import type { Page } from '@playwright/test';
import { defaultSiteFacts } from '../../src/shared/site-facts/defaults';
import { expect, KEY, signIn } from './admin-session';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

// A server of its own, fresh: the first test needs a site nobody has saved yet.
let server: RunningServer;
test.setTimeout(120_000);
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer({ ADMIN_API_KEY: KEY });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
});

const part = (page: Page, name: string) => page.getByRole('region', { name });
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label="Notifications (F8)"]').getByText(text, { exact: true });

async function openSiteScreen(page: Page) {
  await signIn(page, server.baseUrl, KEY);
  await page.getByRole('link', { name: 'Site details' }).click();
  await expect(page.getByRole('heading', { name: 'Site details', level: 1 })).toBeVisible();
  await expect(part(page, 'Details & prices').getByLabel('Phone')).toHaveValue(defaultSiteFacts.details.phone);
}

test('the facts before the first save are the first version: Versions brings them back after the first edit', async ({
  page,
}) => {
  await openSiteScreen(page);
  const versions = part(page, 'Versions');
  await expect(versions.getByText('Nothing saved yet')).toBeVisible();

  const details = part(page, 'Details & prices');
  await details.getByLabel('Phone').fill('01632 960777');
  await details.getByRole('button', { name: 'Save Details & prices' }).click();
  await expect(toast(page, 'Details & prices saved.')).toBeVisible();

  const first = versions.getByRole('listitem').filter({ hasText: 'The details the site was built with' });
  await expect(first).toContainText('Version 1');
  await first.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Version 1 is back.')).toBeVisible();
  await expect(details.getByLabel('Phone')).toHaveValue(defaultSiteFacts.details.phone);
  expect(await (await page.request.get(`${server.baseUrl}/contact`)).text()).not.toContain('01632 960777');
});

test('saving one part names it and keeps another part’s unsaved edits; leaving with them asks first', async ({
  page,
}) => {
  await openSiteScreen(page);
  const details = part(page, 'Details & prices');
  const hours = part(page, 'Opening hours');

  // Nothing edited: leaving asks nothing.
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Site details' }).click();

  await details.getByLabel('Phone').fill('01632 960888');
  await hours.getByRole('button', { name: 'Save Opening hours' }).click();
  await expect(toast(page, 'Opening hours saved.')).toBeVisible();
  await expect(details.getByLabel('Phone')).toHaveValue('01632 960888');

  // Back to Admin asks; keeping on editing stays, edit and all.
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Details & prices has changes that are not saved.');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/site$/);
  await expect(details.getByLabel('Phone')).toHaveValue('01632 960888');

  // A jump link within the screen does not ask.
  await page.getByRole('navigation', { name: 'Parts of this screen' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(ask).toBeHidden();
  await expect(part(page, 'FAQ').getByRole('heading', { name: 'FAQ' })).toBeInViewport();

  // Closing the tab asks through the browser (answered "leave", so the page does close).
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('leaving anyway goes; an owner who saves first is not asked', async ({ page }) => {
  await openSiteScreen(page);
  const faq = part(page, 'FAQ');
  await faq.getByLabel('Question').first().fill('Do you teach Year 9 science?');
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('FAQ has changes that are not saved.');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Site details' }).click();
  await faq.getByLabel('Question').first().fill('Do you teach Year 9 science?');
  await faq.getByRole('button', { name: 'Save FAQ' }).click();
  await expect(toast(page, 'FAQ saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the browser’s Back asks too, where the browser lets a page hold it (the Navigation API)', async ({ page }) => {
  await openSiteScreen(page);
  const details = part(page, 'Details & prices');
  await details.getByLabel('Phone').fill('01632 960999');
  // Back, as the browser's button does it: held, the page stays; the browser's own answer never comes.
  void page.goBack().catch(() => {});
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Details & prices has changes that are not saved.');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  await expect(details.getByLabel('Phone')).toHaveValue('01632 960999');

  void page.goBack().catch(() => {});
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('moving an FAQ question keeps it in view below the sticky header, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSiteScreen(page);
  const faq = part(page, 'FAQ');
  const third = faq.getByRole('group', { name: 'Question 3', exact: true });
  const question = await third.getByLabel('Question', { exact: true }).inputValue();
  await third.getByRole('button', { name: 'Move Question 3 up' }).click();
  const moved = faq.getByRole('group', { name: 'Question 2', exact: true });
  await expect(moved.getByLabel('Question', { exact: true })).toHaveValue(question);
  await expect(moved.getByRole('button', { name: 'Move Question 2 up' })).toBeFocused();
  const headerBottom = (await page.getByRole('banner').boundingBox())!;
  const row = (await moved.boundingBox())!;
  expect(row.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height - 1);
  expect(row.y).toBeLessThan(844);
});
