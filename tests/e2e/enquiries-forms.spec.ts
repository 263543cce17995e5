import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailsMentioning, storedEnquiry, uniqueEmail } from './enquiries';
import { type RunningServer, startServer } from './server';

/** A field of the page's main content (the header has a "Mobile" menu too). */
const errorOf = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

/** The field's error text, found through its aria-describedby link. */
async function describedError(page: Page, label: string) {
  const id = await errorOf(page, label).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

/**
 * Starts the form's island and waits until it has hydrated: React marks each element it owns with
 * a `__reactFiber$…` property, which the server's HTML has none of. The island starts on the
 * first interaction (data-load="interaction"), but only once the islands' loader runs: a press
 * before that posts the form without script (decision 0062), the thank-you page, not the toast
 * these tests look for. So focus reaches into the form (as Tab into a field does) until it is
 * React's; the focus lands on a field, which then still reads as the server drew it.
 */
async function hydrated(form: Locator): Promise<Locator> {
  const owned = () => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
  await expect
    .poll(async () => {
      await form.locator('input:visible, textarea:visible').first().focus();
      return owned();
    })
    .toBe(true);
  await form.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return form;
}

/** The free-assessment request form (beside the booking on its page). */
const assessmentForm = (page: Page) =>
  page.getByRole('form').filter({ has: page.getByRole('button', { name: 'Get Your Free Assessment' }) });

const toast = (page: Page, variant: 'default' | 'destructive' = 'default') =>
  page.locator(`li[data-variant="${variant}"]`);

test.describe('free assessment form', () => {
  test('shows every validation message, then sends, stores and e-mails the request', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/free-assessment');
    await hydrated(assessmentForm(page));
    await page.getByRole('button', { name: 'Get Your Free Assessment' }).click();

    await expect.poll(() => describedError(page, 'First name')).toBe('First name is required');
    await expect.poll(() => describedError(page, 'Last name')).toBe('Last name is required');
    await expect.poll(() => describedError(page, 'Telephone')).toBe('Telephone number is required');
    await expect.poll(() => describedError(page, 'Email')).toBe('Invalid email address');
    await expect
      .poll(() => describedError(page, 'Subject (for example GCSE Maths or 11+)'))
      .toBe('Subject title is required');
    await expect(errorOf(page, 'First name')).toBeFocused();
    await expect(errorOf(page, 'First name')).toHaveAttribute('aria-invalid', 'true');

    // After the first submit, each change re-validates.
    await errorOf(page, 'First name').fill('Amira');
    await expect(page.getByRole('main').getByText('First name is required')).toHaveCount(0);
    await expect(errorOf(page, 'First name')).not.toHaveAttribute('aria-invalid');
    await errorOf(page, 'Email').fill('amira@');
    await expect(page.getByRole('main').getByText('Invalid email address')).toBeVisible();

    const email = uniqueEmail('assessment');
    await errorOf(page, 'Last name').fill('Khan');
    await errorOf(page, 'Telephone').fill('01632 960999');
    await errorOf(page, 'Email').fill(email);
    await errorOf(page, 'Subject (for example GCSE Maths or 11+)').fill('GCSE Maths');
    await page.getByLabel('Year group').fill('Year 10');
    await page.getByLabel('Anything we should know?').fill('Algebra is the sticking point.');
    await page.getByRole('button', { name: 'Get Your Free Assessment' }).click();

    await expect(toast(page)).toContainText('Success!');
    await expect(toast(page)).toContainText("Your assessment request has been submitted. We'll be in touch soon!");
    await expect(errorOf(page, 'First name')).toHaveValue('');
    await expect(errorOf(page, 'Email')).toHaveValue('');

    expect(storedEnquiry(email)).toMatchObject({
      submission_type: 'assessment',
      first_name: 'Amira',
      email_title: 'GCSE Maths',
      year_group: 'Year 10',
      reviewed: 'false',
    });
    // The staff notification and the parent's confirmation (decision 0032).
    await expect.poll(() => mailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
    expect(mailsMentioning(email).join('\n')).toContain('Subject: Assessment request from Amira Khan: GCSE Maths');
    expect(consoleErrors).toEqual([]);
  });

  test('the short home form sends a call-back request', async ({ page }) => {
    await page.goto('/');
    const form = await hydrated(page.getByRole('form', { name: 'Request a call back' }));
    await form.getByRole('button', { name: 'Request A Call Back' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Telephone number is required',
      'Invalid email address',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    const email = uniqueEmail('callback');
    await form.getByLabel('First name').fill('Jo');
    await form.getByLabel('Last name').fill('Bell');
    await form.getByLabel('Telephone').fill('01632 960000');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Request A Call Back' }).click();
    await expect(toast(page)).toContainText('Success!');
    expect(storedEnquiry(email)).toMatchObject({ submission_type: 'assessment', email_title: 'Call-back request' });
  });
});

test('a form whose hidden honeypot field was filled says it was sent, and nothing is stored', async ({ page }) => {
  // Bots fill every field: the value is read at submit and sent, and the server drops the enquiry.
  const email = uniqueEmail('honeypot');
  const forms = [
    {
      path: '/',
      name: 'Request a call back',
      fields: { 'First name': 'Bot', 'Last name': 'Filler', Telephone: '01632 960000', Email: `callback-${email}` },
      submit: 'Request A Call Back',
      sent: 'Success!',
    },
    {
      path: '/contact',
      name: 'Send us a message',
      fields: {
        'First name': 'Bot',
        'Last name': 'Filler',
        Email: `contact-${email}`,
        Mobile: '07700 900123',
        Message: 'Cheap watches, best prices.',
      },
      submit: 'Send Message',
      sent: 'Message sent successfully!',
    },
  ];
  for (const { path, name, fields, submit, sent } of forms) {
    await page.goto(path);
    const form = await hydrated(page.getByRole('form', { name }));
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label).fill(value);
    await form
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => void (input.value = 'spam.example'));
    await form.getByRole('button', { name: submit }).click();
    await expect(toast(page)).toContainText(sent);
    expect(storedEnquiry(fields.Email)).toBeUndefined();
  }
});

test.describe('contact form', () => {
  test('shows every validation message, then sends, stores and e-mails the message', async ({ page }) => {
    await page.goto('/contact');
    const form = await hydrated(page.getByRole('form', { name: 'Send us a message' }));
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => describedError(page, 'First name')).toBe('First name is required');
    await expect.poll(() => describedError(page, 'Last name')).toBe('Last name is required');
    await expect.poll(() => describedError(page, 'Email')).toBe('Please enter a valid email address');
    await expect.poll(() => describedError(page, 'Mobile')).toBe('Mobile number is required');
    await expect.poll(() => describedError(page, 'Message')).toBe('Message must be at least 10 characters long');
    await expect(form.getByLabel('First name')).toBeFocused();

    const email = uniqueEmail('contact');
    await form.getByLabel('First name').fill('Tom');
    await form.getByLabel('Last name').fill('Reed');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile').fill('07700 900123');
    await form.getByLabel('Message').fill('Do you have Saturday places for Year 6?');
    await expect(page.getByRole('main').getByText('Message must be at least 10 characters long')).toHaveCount(0);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(toast(page)).toContainText('Message sent successfully!');
    await expect(form.getByLabel('Message')).toHaveValue('');
    expect(storedEnquiry(email)).toMatchObject({
      submission_type: 'contact',
      mobile: '07700 900123',
      message: 'Do you have Saturday places for Year 6?',
    });
    await expect.poll(() => mailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
  });
});

test.describe('when the server refuses', () => {
  // A server of its own that accepts one enquiry per address, used up before the forms try.
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ ENQUIRY_RATE_LIMIT: '1' });
    const response = await fetch(`${server.baseUrl}/api/contact-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        mobile: '1',
        message: 'x'.repeat(10),
      }),
    });
    expect(response.status).toBe(201);
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  test('the assessment form keeps its values and shows a destructive toast', async ({ page }) => {
    await page.goto(`${server.baseUrl}/free-assessment`);
    await hydrated(assessmentForm(page));
    const values: [string, string][] = [
      ['First name', 'Amira'],
      ['Last name', 'Khan'],
      ['Telephone', '01632 960999'],
      ['Email', 'amira@example.com'],
      ['Subject (for example GCSE Maths or 11+)', 'GCSE Maths'],
    ];
    for (const [label, value] of values) await errorOf(page, label).fill(value);
    await page.getByRole('button', { name: 'Get Your Free Assessment' }).click();

    await expect(toast(page, 'destructive')).toContainText('Error submitting form');
    await expect(toast(page, 'destructive')).toContainText('429: Too many enquiries from your connection');
    for (const [label, value] of values) await expect(errorOf(page, label)).toHaveValue(value);
    await expect(page.getByRole('button', { name: 'Get Your Free Assessment' })).toBeEnabled();
  });

  test('the contact form keeps its values and shows a destructive toast', async ({ page }) => {
    await page.goto(`${server.baseUrl}/contact`);
    const form = await hydrated(page.getByRole('form', { name: 'Send us a message' }));
    await form.getByLabel('First name').fill('Tom');
    await form.getByLabel('Last name').fill('Reed');
    await form.getByLabel('Email').fill('tom@example.com');
    await form.getByLabel('Mobile').fill('07700 900123');
    await form.getByLabel('Message').fill('Do you have Saturday places?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(toast(page, 'destructive')).toContainText('Error sending message');
    await expect(toast(page, 'destructive')).toContainText('Please try again or call us directly.');
    await expect(form.getByLabel('Message')).toHaveValue('Do you have Saturday places?');
    await expect(form.getByLabel('Mobile')).toHaveValue('07700 900123');
  });
});
