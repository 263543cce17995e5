import { type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../support/smtp';
import { expect, KEY, signIn, signInScreen } from './admin-session';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { STAFF_PASSWORD } from './staff-accounts';

let server: RunningServer;
let smtp: TestSmtpServer;
const NEW_PASSWORD = 'green teapot on the windowsill';

/** The mails to `to` whose text matches `what`. */
const mailsTo = (to: string, what: RegExp) =>
  smtp.received.filter((mail) => mail.to.includes(to) && what.test(mail.text));

/** The path of the newest recovery link mailed to `to`, once it has arrived. */
async function mailedLink(to: string, after = 0): Promise<string> {
  await waitFor(() => mailsTo(to, /\/admin\/recover#/).length > after, 15_000);
  return /https?:\/\/[^/\s]+(\/admin\/recover#[\w-]{43})/.exec(mailsTo(to, /\/admin\/recover#/).at(-1)!.text)![1]!;
}

/** The newest e-mailed code to `to`, once more than `after` have arrived. */
async function mailedCode(to: string, after: number): Promise<string> {
  await waitFor(() => mailsTo(to, /staff area is:\s+\d{6}/).length > after, 15_000);
  return /is:\s+(\d{6})/.exec(mailsTo(to, /staff area is:\s+\d{6}/).at(-1)!.text)![1]!;
}
const codesSoFar = (to: string) => mailsTo(to, /staff area is:\s+\d{6}/).length;

/** A person whose codes come by e-mail (no authenticator app), made with the key as an owner's invitation would. */
async function personWithMailedCodes(email: string, name: string): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: { 'x-api-key': KEY },
    data: { email, roles: ['enquiries'] },
  });
  const { link } = (await invited.json()) as { link: string };
  const accepted = await request.post('/api/staff/invitations/accept', {
    data: { token: link.slice(link.indexOf('#') + 1), name, password: STAFF_PASSWORD },
  });
  expect(accepted.status()).toBe(201);
  await request.dispose();
}

/** Signs in through the form with the password and the code e-mailed for it. */
async function signInWithMailedCode(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await expect(signInScreen(page)).toBeVisible({ timeout: 20_000 });
  const before = codesSoFar(email);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await mailedCode(email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const newPage = async (browser: Browser) => (await browser.newContext({ baseURL: server.baseUrl })).newPage();

test.describe('getting back in: "Forgot your password?" and an owner’s "Reset sign-in" (issue 38)', () => {
  test.beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startServer({ ADMIN_API_KEY: KEY, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test' });
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
    await smtp.close();
  });

  test('a forgotten password: the mailed link, the code required, and the old session signed out', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = 'fiona@northstar.test';
    await personWithMailedCodes(email, 'Fiona Forgot');
    // Signed in on another computer before: this session must end.
    const before = await newPage(browser);
    await signInWithMailedCode(before, email, STAFF_PASSWORD);
    await expect(before.getByRole('link', { name: 'Fiona Forgot' })).toBeVisible();

    const page = await newPage(browser);
    await page.goto('/admin');
    await expect(signInScreen(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /If there is a staff account for this address/ }),
    ).toBeVisible();

    // The link opens the screen and e-mails a code; a wrong code changes nothing.
    const codes = codesSoFar(email);
    await page.goto(await mailedLink(email));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible({ timeout: 20_000 });
    const firstCode = await mailedCode(email, codes);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Code').fill(String((Number(firstCode) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('That code is not right. Please check it and try again.')).toBeVisible();
    await before.reload();
    await expect(before.getByRole('link', { name: 'Fiona Forgot' })).toBeVisible();

    // "Send a new code": the newest code is the one that works.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText(/We have sent you a new code/)).toBeVisible();
    const secondCode = await mailedCode(email, codes + 1);
    await page.getByLabel('Code').fill(secondCode);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('link', { name: 'Fiona Forgot' })).toBeVisible();

    // The session opened before is signed out.
    await before.reload();
    await expect(signInScreen(before)).toBeVisible();
    // The new password signs in (with "Send a new code" on the sign-in's code step); the link is spent.
    await before.getByLabel('E-mail address').fill(email);
    await before.getByLabel('Password').fill(NEW_PASSWORD);
    const beforeCodes = codesSoFar(email);
    await before.getByRole('button', { name: 'Continue' }).click();
    await mailedCode(email, beforeCodes);
    await before.getByRole('button', { name: 'Send a new code' }).click();
    await before.getByLabel('Code').fill(await mailedCode(email, beforeCodes + 1));
    await before.getByRole('button', { name: 'Sign in' }).click();
    await expect(before.getByRole('link', { name: 'Fiona Forgot' })).toBeVisible();
    const again = await newPage(browser);
    await again.goto(await mailedLink(email));
    await expect(again.getByRole('alert')).toHaveText(/This link no longer works/);
  });

  test('an owner resets the sign-in of someone locked out, who sets a new password with the link', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = 'lou@northstar.test';
    await personWithMailedCodes(email, 'Lou Lockedout');
    const person = await newPage(browser);
    await signInWithMailedCode(person, email, STAFF_PASSWORD);
    await expect(person.getByRole('link', { name: 'Lou Lockedout' })).toBeVisible();

    const owner = await newPage(browser);
    await signIn(owner, server.baseUrl, KEY, ['owner']);
    await owner.goto('/admin/staff');
    const card = owner.getByRole('listitem', { name: 'Lou Lockedout' });
    await card.getByRole('button', { name: 'Reset sign-in' }).click();
    const dialog = owner.getByRole('alertdialog', { name: 'Reset how Lou Lockedout signs in?' });
    await expect(dialog).toContainText('signed out everywhere at once');
    await dialog.getByRole('button', { name: 'Reset sign-in' }).click();
    await expect(
      owner.getByRole('region', { name: 'Notifications (F8)' }).getByText('Reset link sent to Lou Lockedout'),
    ).toBeVisible();

    // Signed out at once.
    await person.reload();
    await expect(signInScreen(person)).toBeVisible();
    await person.goto(await mailedLink(email));
    await expect(person.getByRole('heading', { name: 'Set up your sign-in again' })).toBeVisible({ timeout: 20_000 });
    await person.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
    await person.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(person.getByRole('link', { name: 'Lou Lockedout' })).toBeVisible();

    // The access log names both steps.
    await owner.reload();
    const log = owner.getByRole('region', { name: 'Access log' });
    await expect(log.getByText('Reset a colleague’s sign-in').first()).toBeVisible();
    await expect(log.getByText('Set up sign-in again with a reset link').first()).toBeVisible();
  });
});
