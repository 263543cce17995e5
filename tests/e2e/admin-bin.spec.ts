import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { axeViolations, test } from './fixtures';
import { type RunningServer, startServer } from './server';
import { card, expect, KEY, signIn as signInAt } from './admin-session';
import { resetEnquiries } from './enquiries-db';

// Uploads go through sharp on a CPU shared with other runs: allow for slow moments.
test.setTimeout(120_000);
test.describe.configure({ mode: 'serial' });

let server: RunningServer;
const admin = { 'x-api-key': KEY };
const signIn = (page: Page) => signInAt(page, server.baseUrl, KEY);

test.beforeAll(async () => {
  server = await startServer({ ADMIN_API_KEY: KEY, PAGE_CACHE_MS: '0' });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
});

/** Set-up through the API (the screens that create these have their own tests). */
async function createPost(title: string, extra: Record<string, string> = {}): Promise<{ id: number; slug: string }> {
  const response = await fetch(`${server.baseUrl}/api/admin/blog`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      excerpt: 'A post for the Bin tests.',
      content: '<p>Plenty of practice papers.</p>',
      author: 'Northstar Tutors',
      category: 'Study Tips',
      published: 'true',
      ...extra,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; slug: string };
}

async function uploadImage(filename: string): Promise<{ id: number; path: string }> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('category', 'general');
  form.set('altText', `Picture ${filename}`);
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
  const response = await fetch(`${server.baseUrl}/api/admin/images`, { method: 'POST', headers: admin, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; path: string };
}

const toasts = (page: Page) => page.locator('section[aria-label="Notifications (F8)"]');
const binItem = (page: Page, label: string) => page.getByTestId('bin-item').filter({ hasText: label });

async function openBin(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('link', { name: 'Bin' }).click();
  await expect(page.getByRole('heading', { name: 'Bin', level: 1 })).toBeVisible();
}

test('staff delete an enquiry, a post and an image, then restore each from the Bin', async ({
  page,
  consoleErrors,
}) => {
  resetEnquiries(server.dataDir, [
    { type: 'assessment', firstName: 'Amelia', lastName: 'Hart', email: 'amelia@example.test', minutesAgo: 1 },
  ]);
  const post = await createPost('Binned revision timetable');
  const image = await uploadImage('binned-photo.png');
  const status = async (path: string) => (await page.request.get(`${server.baseUrl}${path}`)).status();
  expect([await status(`/blog/${post.slug}`), await status(image.path)]).toEqual([200, 200]);

  await signIn(page);
  await card(page, 'Amelia Hart').getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this submission?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toasts(page).getByText('Moved to the Bin.', { exact: true })).toBeVisible();
  await expect(card(page, 'Amelia Hart')).toHaveCount(0);

  await page.getByRole('link', { name: 'Blog Management' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Binned revision timetable' }).click();
  await expect(toasts(page).getByText('Blog post deleted successfully.', { exact: true })).toBeVisible();

  await page.goto(`${server.baseUrl}/admin/images`);
  await page.getByRole('button', { name: 'Delete binned-photo.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete image?' });
  await expect(confirm).toContainText('will be moved to the Bin');
  await expect(confirm).toContainText('No blog post uses this image.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Image deleted successfully', { exact: true })).toBeVisible();

  // Gone from the public site while in the Bin.
  expect([await status(`/blog/${post.slug}`), await status(image.path)]).toEqual([404, 404]);

  await openBin(page);
  await expect(page.getByTestId('bin-item')).toHaveCount(3);
  await expect(binItem(page, 'Amelia Hart')).toContainText('Enquiry');
  await expect(binItem(page, 'Binned revision timetable')).toContainText(/Deleted .* · Deleted for good on /);
  expect(await axeViolations(page)).toEqual([]);

  for (const label of ['Amelia Hart', 'Binned revision timetable', 'binned-photo.png']) {
    await binItem(page, label)
      .getByRole('button', { name: `Restore ${label}` })
      .click();
    await expect(toasts(page).getByText(label, { exact: true })).toBeVisible();
    await expect(binItem(page, label)).toHaveCount(0);
  }
  await expect(page.getByText('The Bin is empty.')).toBeVisible();

  expect([await status(`/blog/${post.slug}`), await status(image.path)]).toEqual([200, 200]);
  await page.getByRole('link', { name: 'Back to Admin' }).click();
  await expect(card(page, 'Amelia Hart')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('delete for good asks first; Cancel keeps the item, confirming removes it', async ({ page }) => {
  const post = await createPost('Gone for good post');
  const binned = await fetch(`${server.baseUrl}/api/admin/blog/${post.id}`, { method: 'DELETE', headers: admin });
  expect(binned.status).toBe(204);

  await signIn(page);
  await openBin(page);
  const item = binItem(page, 'Gone for good post');
  await item.getByRole('button', { name: 'Delete for good Gone for good post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete for good?' });
  await expect(confirm).toContainText(
    'Blog post "Gone for good post" will be deleted for good. This cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Delete for good Gone for good post' }).click();
  await confirm.getByRole('button', { name: 'Delete for good' }).click();
  await expect(toasts(page).getByText('Blog post deleted for good', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  const restore = await fetch(`${server.baseUrl}/api/admin/bin/post/${post.id}/restore`, {
    method: 'POST',
    headers: admin,
  });
  expect(restore.status).toBe(404);
});

test('deleting an image that posts use names those posts in the confirmation first', async ({ page }) => {
  const image = await uploadImage('used-photo.png');
  await createPost('Featured image user', { featuredImage: image.path });
  await createPost('Inline image user', { content: `<p>See:</p><img src="${image.path}" alt="A photo">` });

  await signIn(page);
  await page.goto(`${server.baseUrl}/admin/images`);
  await page.getByRole('button', { name: 'Delete used-photo.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete image?' });
  const warning = confirm.getByRole('alert');
  await expect(warning).toContainText('Used in 2 blog posts:');
  await expect(warning.getByRole('listitem')).toHaveText(['Featured image user', 'Inline image user']);
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.get(`${server.baseUrl}${image.path}`)).status()).toBe(200);
});
