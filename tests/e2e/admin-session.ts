import type { Page } from '@playwright/test';
import type { StaffRole } from '../../src/shared/staff/staff';
import { expect as baseExpect } from './fixtures';
import type { SeedEnquiry } from './enquiries-db';
import { makeAccount } from './staff-accounts';

// The admin screens load a lazy bundle and then their data; allow for a busy shared machine.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const KEY = 'e2e-admin-key-0123456789abcdefghij';
export const INVALID = 'Invalid API key. Please log in again.';
export const ENDED = 'Your session has ended. Please sign in again.';

export const seed: SeedEnquiry[] = [
  { type: 'assessment', firstName: 'Amelia', lastName: 'Hart', email: 'amelia@example.test', minutesAgo: 1 },
  { type: 'contact', firstName: 'George', lastName: 'Walker', email: 'george@example.test', minutesAgo: 2 },
  {
    type: 'assessment',
    firstName: 'Isla',
    lastName: 'Patel',
    email: 'isla@example.test',
    reviewed: 'true',
    minutesAgo: 3,
  },
  {
    type: 'contact',
    firstName: 'Oliver',
    lastName: 'Khan',
    email: 'oliver@example.test',
    message: '=cmd|calc',
    minutesAgo: 4,
  },
];

/** The signed-out screen: staff sign-in (decision 0058), with the admin key folded away below. */
export const signInScreen = (page: Page) => page.getByRole('heading', { name: 'Staff sign-in' });

/** Opens /admin; the admin bundle is lazy-loaded, which on a busy CI machine can take a while. */
export async function openAdmin(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin`);
  await expect(signInScreen(page)).toBeVisible({ timeout: 20_000 });
}

/** Signs in with the admin key through its form (the break-glass way in), as staff would. */
export async function signInWithKey(page: Page, baseUrl: string, key: string) {
  await openAdmin(page, baseUrl);
  await page.getByText('Use the admin key').click();
  await page.getByLabel('Admin API key').fill(key);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in as a new owner through the form, as staff do: an account made with the key (its
 * invitation accepted with a password and an authenticator app), then its e-mail address,
 * password and a code from the app. The server answers with the session cookie.
 */
export async function signIn(page: Page, baseUrl: string, key: string, roles: StaffRole[] = ['owner']) {
  const account = await makeAccount(baseUrl, key, roles);
  await openAdmin(page, baseUrl);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await account.nextCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
  return account;
}

export const cards = (page: Page) => page.getByRole('listitem', { name: /^Submission from / });
export const card = (page: Page, name: string) => page.getByRole('listitem', { name: `Submission from ${name}` });
/** What the old sign-in kept in sessionStorage (the key and a flag); now always [null, null]. */
export const storage = (page: Page) =>
  page.evaluate(() => [sessionStorage.getItem('adminApiKey'), sessionStorage.getItem('adminLoggedIn')]);

/**
 * Opens an owner's session without the form (for specs about other screens): the page's request
 * context shares the browser's cookies, so the next page load is signed in.
 */
export async function openSession(page: Page, key: string, baseUrl = '', roles: StaffRole[] = ['owner']) {
  const account = await makeAccount(baseUrl, key, roles);
  const first = await page.request.post(`${baseUrl}/api/staff/sign-in`, {
    data: { email: account.email, password: account.password },
  });
  expect(first.status()).toBe(200);
  const { challenge } = (await first.json()) as { challenge: string };
  const second = await page.request.post(`${baseUrl}/api/staff/sign-in/code`, {
    data: { challenge, code: await account.nextCode() },
  });
  expect(second.status()).toBe(201);
}

/** Every place a page's scripts can read where `secret` appears: web storage (names and values) and cookies. */
export const whereScriptsSee = (page: Page, secret: string) =>
  page.evaluate((secret) => {
    const found: string[] = [];
    for (const [name, store] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index)!;
        if (key.includes(secret) || (store.getItem(key) ?? '').includes(secret)) found.push(`${name}.${key}`);
      }
    }
    if (document.cookie.includes(secret)) found.push('document.cookie');
    return found;
  }, secret);
