import type { Page } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { axeViolations, test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { card, expect, KEY, seed, signIn as signInAt } from './admin-session';
import { resetEnquiries, reviewedOf, withDatabase } from './enquiries-db';

// A server of its own, e-mailing a real SMTP server in this process, so the test sees every mail.
let server: RunningServer;
let smtp: TestSmtpServer;
const signIn = (page: Page) => signInAt(page, server.baseUrl, KEY);
const OFFICE = 'office@northstar.test';

const idOf = (email: string) =>
  withDatabase(server.dataDir, (db) => {
    const row = db.prepare('select id from contact_submissions where email = ?').get(email) as { id: number };
    return row.id;
  });

/** The staff notification of an enquiry, as if the mail server had refused it twelve times. */
const failedNotification = (email: string) =>
  withDatabase(server.dataDir, (db) => {
    const now = new Date().toISOString();
    db.prepare(
      `insert into email_outbox (kind, submission_id, recipient, subject, body, status, attempts, next_attempt_at,
         last_error, created_at)
       values ('staff-notification', ?, ?, ?, ?, 'failed', 12, ?, ?, ?)`,
    ).run(idOf(email), OFFICE, `Contact message from ${email}`, `Enquiry from ${email}`, now, '550 mailbox full', now);
  });

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

test.describe('working through enquiries in the inbox', () => {
  test.beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startServer({ ADMIN_API_KEY: KEY, SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
    await smtp.close();
  });
  test.beforeEach(() => {
    withDatabase(server.dataDir, (db) => db.prepare('delete from email_outbox').run());
    resetEnquiries(server.dataDir, seed);
  });

  test('an enquiry sent while the inbox is open shows when staff come back to the tab', async ({ page, request }) => {
    await signIn(page);
    await expect(page.getByRole('listitem', { name: /^Submission from / })).toHaveCount(seed.length);
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
    // Nothing looks again by itself within the test's time: the list still shows what it had.
    await expect(card(page, 'Late Arrival')).toHaveCount(0);
    // Staff come back to the tab.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(card(page, 'Late Arrival')).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Submission from / })).toHaveCount(seed.length + 1);
  });

  test("a parent's enquiry: their confirmation arrives, staff see the e-mail sent and can call or write", async ({
    page,
    consoleErrors,
  }) => {
    const email = `parent-${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('First name').fill('Nadia');
    await form.getByLabel('Last name').fill('Okafor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile').fill('+44 (0)7700 900777');
    await form.getByLabel('Message').fill('Do you have a Year 10 chemistry group?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!').first()).toBeVisible();

    // The real SMTP server gets the parent's confirmation, with nothing the parent typed in it.
    await expect.poll(() => mailTo(email).length, { timeout: 15_000 }).toBe(1);
    const confirmation = mailTo(email)[0]!;
    expect(confirmation.text).toContain('What happens next');
    expect(confirmation.raw).not.toContain('Nadia');
    expect(confirmation.raw).not.toContain('chemistry');
    // The office's copy of this enquiry (other tests' enquiries e-mail the office too).
    await expect
      .poll(() => mailTo(OFFICE).filter((mail) => mail.text.includes(email)).length, { timeout: 15_000 })
      .toBe(1);

    await signIn(page);
    const parent = card(page, 'Nadia Okafor');
    await expect(parent.getByText('Staff e-mail: Sent')).toBeVisible();
    await expect(parent.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(parent.getByRole('link', { name: '+44 (0)7700 900777' })).toHaveAttribute('href', 'tel:+447700900777');
    await expect(card(page, 'Amelia Hart').getByRole('link', { name: '01632 960456' })).toHaveAttribute(
      'href',
      'tel:01632960456',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('one click marks an enquiry reviewed and another unmarks it, no dialog', async ({ page }) => {
    await signIn(page);
    const george = card(page, 'George Walker');
    const toggle = george.getByRole('button', { name: 'Reviewed' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(george.getByText('Needs review')).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(george.getByText('Needs review')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unreviewed 2' })).toBeVisible();
    await expect.poll(() => reviewedOf(server.dataDir, 'george@example.test')).toBe('true');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => reviewedOf(server.dataDir, 'george@example.test')).toBe('false');
    await expect(page.getByRole('button', { name: 'Unreviewed 3' })).toBeVisible();
  });

  test('a toggle the server never gets goes back and says so', async ({ page }) => {
    await signIn(page);
    const oliver = card(page, 'Oliver Khan');
    const toggle = oliver.getByRole('button', { name: 'Reviewed' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // The network drops the save (as a lost connection would); everything else goes through.
    await page.route('**/api/contact-submissions/*', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionreset') : route.continue(),
    );
    await toggle.click();
    await expect(page.getByText('Failed to update submission.').first()).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(oliver.getByText('Needs review')).toBeVisible();
    expect(reviewedOf(server.dataDir, 'oliver@example.test')).toBe('false');
  });

  test('staff add a note; it shows with its time, apart from what the parent wrote', async ({ page }) => {
    await signIn(page);
    const amelia = card(page, 'Amelia Hart');
    const notes = amelia.getByRole('group', { name: 'Staff notes' });
    await expect(notes.getByText('No notes yet.')).toBeVisible();
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByText('Please write a note')).toBeVisible();

    await notes.getByLabel('Add a note').fill('Rang back <b>Tuesday</b>; booked a trial.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added.').first()).toBeVisible();
    await expect(notes.getByText('Rang back <b>Tuesday</b>; booked a trial.')).toBeVisible();
    await expect(notes.locator('time')).toHaveCount(1);
    await expect(notes.getByLabel('Add a note')).toHaveValue('');
    // The parent's own words stay where they were, under their own heading.
    await expect(amelia.getByText("Parent's notes", { exact: true })).toBeVisible();
    await expect(amelia.getByText('Needs help with algebra.')).toBeVisible();

    await page.reload();
    await expect(card(page, 'Amelia Hart').getByText('Rang back <b>Tuesday</b>; booked a trial.')).toBeVisible();
  });

  test('a failed staff e-mail shows its error, and Retry sends it', async ({ page }) => {
    failedNotification('george@example.test');
    await signIn(page);
    const george = card(page, 'George Walker');
    await expect(george.getByText('Staff e-mail: Failed')).toBeVisible();
    await expect(page.getByText('E-mail is off')).toHaveCount(0);
    // In staff's words; the server's own text stays in the log.
    await expect(
      george.getByText('The mail server refused this e-mail; we have stopped trying. Use Retry e-mail to try again.'),
    ).toBeVisible();
    await expect(george.getByText('550 mailbox full')).toHaveCount(0);
    // Cards with every new part (toggle, notes panel, failing e-mail) stay accessible.
    expect(await axeViolations(page)).toEqual([]);

    await george.getByRole('button', { name: 'Retry e-mail' }).click();
    await expect(page.getByText('The staff e-mail will be sent again now.').first()).toBeVisible();
    await expect
      .poll(() => mailTo(OFFICE).filter((mail) => mail.text.includes('george@example.test')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await page.reload();
    await expect(card(page, 'George Walker').getByText('Staff e-mail: Sent')).toBeVisible();
    await expect(card(page, 'George Walker').getByRole('button', { name: 'Retry e-mail' })).toHaveCount(0);
  });
});
