import type { Locator, Page } from '@playwright/test';
import { defaultSiteFacts } from '../../src/shared/site-facts/defaults';
import { card, expect, openSession, seed } from './admin-session';
import { resetEnquiries, withDatabase } from './enquiries-db';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

const KEY = 'focus-return-e2e-key-0123456789abcdefgh';
const admin = { 'x-api-key': KEY };
let server: RunningServer;

/** The staff e-mail of an enquiry, as if the mail server had refused it for good: its card offers Retry e-mail. */
const failedNotification = (email: string) =>
  withDatabase(server.dataDir, (db) => {
    const { id } = db.prepare('select id from contact_submissions where email = ?').get(email) as { id: number };
    const now = new Date().toISOString();
    db.prepare(
      `insert into email_outbox (kind, submission_id, recipient, subject, body, status, attempts, next_attempt_at,
         last_error, created_at)
       values ('staff-notification', ?, 'office@example.test', 'Enquiry', 'Enquiry', 'failed', 12, ?, '550 full', ?)`,
    ).run(id, now, now);
  });

/** Whether focus is on `target` itself, not on the page body where it used to fall. */
const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

async function openInbox(page: Page) {
  await openSession(page, KEY, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin`);
  await expect(card(page, 'Amelia Hart')).toBeVisible({ timeout: 20_000 });
}

/**
 * Focus goes back where the person was (issue 38): to the control that opened a dialog, or, when
 * that control is gone, to the card it was on. Before, it fell to the page body and the next Tab
 * began again at "Skip to main content".
 */
test.describe('focus returns after each dialog and action', () => {
  test.beforeAll(async () => {
    server = await startServer({ ADMIN_API_KEY: KEY });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });
  test.beforeEach(() => resetEnquiries(server.dataDir, seed));

  test('closing Edit or Delete with Escape, and Save Changes, return focus to the button that opened them', async ({
    page,
  }) => {
    await openInbox(page);
    const amelia = card(page, 'Amelia Hart');
    const edit = amelia.getByRole('button', { name: 'Edit' });

    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit Submission' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => hasFocus(edit)).toBe(true);

    const remove = amelia.getByRole('button', { name: 'Delete' });
    await remove.click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this submission?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(() => hasFocus(remove)).toBe(true);

    await edit.click();
    await page.getByRole('dialog', { name: 'Edit Submission' }).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => hasFocus(edit)).toBe(true);
    // The next Tab goes on from there, not from the top of the page.
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFocus(remove)).toBe(true);
  });

  test('Add note and Retry e-mail keep focus on their card', async ({ page }) => {
    failedNotification('george@example.test');
    await openInbox(page);
    const amelia = card(page, 'Amelia Hart');
    await amelia.getByLabel('Add a note').fill('Rang back, trial booked.');
    await amelia.getByRole('button', { name: 'Add note' }).click();
    await expect(amelia.getByText('Rang back, trial booked.')).toBeVisible();
    // Disabled while it saves, the button lends focus to its card, then takes it back.
    await expect.poll(() => hasFocus(amelia.getByRole('button', { name: 'Add note' }))).toBe(true);

    const george = card(page, 'George Walker');
    await george.getByRole('button', { name: 'Retry e-mail' }).click();
    await expect(george.getByRole('button', { name: 'Retry e-mail' })).toHaveCount(0);
    // The button is gone with the failure; its card holds focus instead of the page body.
    await expect.poll(() => hasFocus(george)).toBe(true);
  });

  test('a preview closes with Escape pressed inside its frame, and a restore returns focus to its Restore button', async ({
    page,
    request,
  }) => {
    // Two saved versions, so the older one offers Restore.
    for (const phone of ['01632 960111', '01632 960222']) {
      const current = (await (await request.get(`${server.baseUrl}/api/admin/site`, { headers: admin })).json()) as {
        revision: number | null;
      };
      const saved = await request.put(`${server.baseUrl}/api/admin/site/details`, {
        headers: admin,
        data: { basedOn: current.revision, value: { ...defaultSiteFacts.details, phone } },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    await openSession(page, KEY, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/site`);
    const details = page.getByRole('region', { name: 'Details & prices' });
    const preview = details.getByRole('button', { name: /^Preview contact page/ });
    await preview.click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    const frame = dialog.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    // Focus inside the frame's document: the dialog's own Escape handler never hears this key.
    await frame.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => hasFocus(preview)).toBe(true);

    const versions = page.getByRole('region', { name: 'Versions' });
    // By its name: once restored, the newer versions offer Restore too, and .first() would move.
    const name = (await versions
      .getByRole('button', { name: /^Restore version / })
      .first()
      .textContent())!;
    const restore = versions.getByRole('button', { name, exact: true });
    await restore.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(versions.getByRole('listitem').first()).toContainText('Restored version');
    await expect.poll(() => hasFocus(restore)).toBe(true);
  });
});
