import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { card, expect, KEY, openSession, seed } from './admin-session';
import { resetEnquiries, withDatabase } from './enquiries-db';
import { screenshotForPeople } from './screenshots';

// Issue 38: the enquiry's number, who has seen it, new arrivals, buttons that stay put, Undo.
let server: RunningServer;
const idOf = (email: string) =>
  withDatabase(server.dataDir, (db) => {
    const row = db.prepare('select id from contact_submissions where email = ?').get(email) as { id: number };
    return row.id;
  });
const toasts = (page: Page) => page.locator('section[aria-label="Notifications (F8)"]');

async function openInbox(page: Page) {
  await openSession(page, KEY, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin`);
  await expect(card(page, 'Amelia Hart')).toBeVisible();
}

test.describe('who did what, and what is new, in the inbox', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });
  test.beforeEach(() => resetEnquiries(server.dataDir, seed));

  test('each card shows the number the access log knows it by, and who saw it before', async ({ page }) => {
    await openInbox(page);
    const amelia = card(page, 'Amelia Hart');
    await expect(amelia.getByText(`Enquiry ${idOf('amelia@example.test')} ·`)).toBeVisible();
    // The owner's first look is the first anyone had; the next look names them.
    await expect(amelia.getByTestId('viewed-by')).toHaveText('Not opened by anyone before you.');
    await page.reload();
    await expect(amelia.getByTestId('viewed-by')).toContainText(/^Seen by .+ \(\d{1,2} \w{3} \d{4}, \d\d:\d\d\)/);
  });

  test('an enquiry arriving while the inbox is open is highlighted and counted in the title until seen', async ({
    page,
    request,
  }) => {
    await openInbox(page);
    await expect(page).toHaveTitle('Enquiries – Admin');
    const sent = await request.post(`${server.baseUrl}/api/contact-submissions`, {
      data: {
        firstName: 'Late',
        lastName: 'Arrival',
        email: `late-${Date.now()}@example.com`,
        mobile: '07700 900321',
        message: 'Is there a place on Saturday?',
      },
    });
    expect(sent.status()).toBe(201);
    // Staff come back to the tab: the inbox looks again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    const late = card(page, 'Late Arrival');
    await expect(late).toHaveAttribute('data-new', 'true');
    await expect(late.getByText('Just arrived', { exact: true })).toBeVisible();
    await expect(card(page, 'Amelia Hart')).not.toHaveAttribute('data-new');
    await expect(page).toHaveTitle('(1) Enquiries – Admin');
    // In front for a few seconds: seen, so the title is plain again; the card keeps its highlight.
    await expect(page).toHaveTitle('Enquiries – Admin', { timeout: 10_000 });
    await expect(late).toHaveAttribute('data-new', 'true');
  });

  test('on a phone, Reviewed stays where it was, so a second tap undoes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openInbox(page);
    const george = card(page, 'George Walker');
    {
      const toggle = george.getByRole('button', { name: 'Reviewed', exact: true });
      // Measured where the tap happens: in view (a tap scrolls it there first).
      await toggle.scrollIntoViewIfNeeded();
      const before = await toggle.boundingBox();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(await toggle.boundingBox()).toEqual(before);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(await toggle.boundingBox()).toEqual(before);
    }
  });

  test('the status says what is needed next, who marked it, and how long the family waited', async ({ page }) => {
    await openInbox(page);
    const george = card(page, 'George Walker');
    const status = george.getByTestId('enquiry-status');
    await expect(status).toHaveText('Needs review');
    await expect(george.getByTestId('reply-clock')).toHaveText(
      /^Waiting for a first contact: .+ of opening time \(.+ in all\)/,
    );
    await george.getByRole('button', { name: 'Reviewed', exact: true }).click();
    await expect(status).toHaveText('Needs a reply');
    await expect(george.getByText(/^Reviewed by .+, \d{1,2} \w{3} \d{4}, \d\d:\d\d$/)).toBeVisible();
    // Issue 50: moved on to Contacted, the family's wait stops.
    await george.getByLabel('Stage', { exact: true }).selectOption('Contacted');
    await george.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(status).toHaveText('Answered');
    await expect(george.getByTestId('enquiry-stage')).toHaveText(
      /^Contacted · moved by .+, \d{1,2} \w{3} \d{4}, \d\d:\d\d$/,
    );
    await expect(george.getByTestId('reply-clock')).toHaveText(
      /^First contact after .+ of opening time \(.+ in all\)\.$/,
    );
    await screenshotForPeople(page, 'enquiry-card-stage', { of: george });
    await screenshotForPeople(page, 'inbox-search-and-stage', {
      of: page.locator('#inbox-stage').locator('xpath=ancestor::div[contains(@class, "flex-wrap")][1]'),
    });
  });

  test('a note shows its author; "Note added." is said at the box, not over the next card', async ({ page }) => {
    await openInbox(page);
    const notes = card(page, 'Amelia Hart').getByRole('group', { name: 'Staff notes' });
    await notes.getByLabel('Add a note').fill('Rang back.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('status')).toHaveText('Note added.');
    await expect(notes.getByText('Rang back.')).toBeVisible();
    await expect(notes.locator('li').first()).toContainText(/^.+, \d{1,2} \w{3} \d{4}, \d\d:\d\d/);
    await expect(toasts(page).getByText('Note added.')).toHaveCount(0);
  });

  test('deleting says "Moved to the Bin." with an Undo that brings it back', async ({ page }) => {
    await openInbox(page);
    await card(page, 'Oliver Khan').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this submission?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toasts(page).getByText('Moved to the Bin.', { exact: true })).toBeVisible();
    await expect(card(page, 'Oliver Khan')).toHaveCount(0);
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await expect(toasts(page).getByText('Enquiry restored.', { exact: true })).toBeVisible();
    await expect(card(page, 'Oliver Khan')).toBeVisible();
  });

  test('the access log refuses a name as an enquiry number, at the field', async ({ page }) => {
    await openSession(page, KEY, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/staff`);
    const field = page.getByLabel('Enquiry number');
    await field.fill('Hughes');
    await expect(page.getByText("Enquiry number must be an enquiry's number, like 12")).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('table')).toHaveCount(0);
    await field.fill(String(idOf('amelia@example.test')));
    await expect(page.getByRole('table')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'false');
  });
});
