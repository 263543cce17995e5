import type { Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures';
import type { SeedEnquiry } from './enquiries-db';

// The admin screens load a lazy bundle and then their data; allow for a busy shared machine.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const KEY = 'e2e-admin-key-0123456789abcdefghij';
export const INVALID = 'Invalid API key. Please log in again.';

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

/** Opens /admin; the admin bundle is lazy-loaded, which on a busy CI machine can take a while. */
export async function openAdmin(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin`);
  await expect(page.getByLabel('Admin API key')).toBeVisible({ timeout: 20_000 });
}

export async function signIn(page: Page, baseUrl: string, key: string) {
  await openAdmin(page, baseUrl);
  await page.getByLabel('Admin API key').fill(key);
  await page.getByRole('button', { name: 'Login' }).click();
}

export const cards = (page: Page) => page.getByRole('listitem', { name: /^Submission from / });
export const card = (page: Page, name: string) => page.getByRole('listitem', { name: `Submission from ${name}` });
export const storage = (page: Page) =>
  page.evaluate(() => [sessionStorage.getItem('adminApiKey'), sessionStorage.getItem('adminLoggedIn')]);
