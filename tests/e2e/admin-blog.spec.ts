import { type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ImageRecord } from '../../src/shared/images/images';
import { BLOG_KEY, blogAdminHeaders, useBlogServer } from './blog-server';
import { openSession } from './admin-session';
import { axeViolations, expect, test } from './fixtures';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Signed in with a session cookie, as the sign-in form leaves it (docs/product.md#admin-session). */
const signIn = (page: Page) => openSession(page, BLOG_KEY);

/** Uploads `count` small images through the real API, oldest first, alt text 'Library image N <run>'. */
async function uploadLibrary(request: APIRequestContext, count: number): Promise<ImageRecord[]> {
  const uploaded: ImageRecord[] = [];
  for (let index = 1; index <= count; index += 1) {
    const png = await sharp({ create: { width: 40 + index, height: 30, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const response = await request.post('/api/admin/images', {
      headers: blogAdminHeaders,
      multipart: {
        image: { name: `library-${index}.png`, mimeType: 'image/png', buffer: png },
        category: 'blog',
        altText: `Library image ${index} ${run}`,
      },
    });
    expect(response.status()).toBe(201);
    uploaded.push((await response.json()) as ImageRecord);
  }
  return uploaded;
}

const editorBody = (page: Page) => page.getByRole('dialog').locator('.ProseMirror');

test.describe('admin blog management', () => {
  useBlogServer();
  test('empty state and the loading error', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/admin/blog', (route) => route.fulfill({ json: [] }));
    await page.goto('/admin/blog');
    await expect(page.getByRole('heading', { name: 'No blog posts yet' })).toBeVisible();
    await expect(page.getByText('Create your first blog post to get started.')).toBeVisible();
    await page.getByRole('button', { name: 'Create First Post' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Post' })).toBeVisible();

    await page.unroute('**/api/admin/blog');
    // Any failure but a 401, which ends the session instead (admin-key.spec.ts).
    await page.route('**/api/admin/blog', (route) =>
      route.fulfill({ status: 503, json: { error: 'The database is not answering.', code: 'unavailable' } }),
    );
    await page.goto('/admin/blog');
    await expect(page.getByText('Error loading blog posts. Please check your admin access.')).toBeVisible();
    await expect(page.getByRole('alert').getByRole('link', { name: 'Back to Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  test('create, edit, publish, unpublish and delete through the dialogs and the editor', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // One long journey through the whole screen; on a shared two-core machine it needs the time.
    test.setTimeout(120_000);
    const library = await uploadLibrary(request, 14);
    await signIn(page);
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });

    // Defaults, then validation messages with focus on the first invalid field.
    await expect(dialog.getByLabel('Author *')).toHaveValue('Northstar Tutors');
    await expect(dialog.getByLabel('Category *')).toHaveValue('General');
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText(/Published/);
    await expect(dialog.getByLabel('Web address (optional)')).toHaveAttribute(
      'placeholder',
      'auto-generated-from-title',
    );
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    for (const message of ['Title is required', 'Excerpt is required', 'Content is required']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel('Title *')).toBeFocused();

    await dialog.getByLabel('Title *').fill(`Editor post ${run}`);
    await expect(dialog.getByText('Title is required')).toHaveCount(0); // re-validated on change
    await dialog.getByLabel('Excerpt *').fill('Written through the editor.');
    await dialog.getByLabel('Category *').fill(`Admin ${run}`);

    // Editor: typing, bold, undo and redo.
    const undo = dialog.getByRole('button', { name: 'Undo' });
    const redo = dialog.getByRole('button', { name: 'Redo' });
    await expect(undo).toBeDisabled();
    await expect(redo).toBeDisabled();
    await editorBody(page).click();
    await page.keyboard.type('Plain start ');
    // Past the 500 ms grouping delay, so the next change is its own undo step.
    await page.waitForTimeout(600);
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.insertText('strong words');
    await expect(editorBody(page).locator('strong')).toHaveText('strong words');
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect(editorBody(page).locator('strong')).toHaveCount(0);
    await expect(editorBody(page)).toHaveText('Plain start');
    await expect(redo).toBeEnabled();
    await redo.click();
    await expect(editorBody(page).locator('strong')).toHaveText('strong words');
    await expect(redo).toBeDisabled();

    // A person puts the cursor where the picture goes before inserting it. Without this the image
    // went wherever the editor's cursor last was, which after Undo/Redo clicked in quick succession
    // was once the undo's old place (before "strong words"; CI, 6 Dec). The Bold button shows
    // pressed once the cursor stands at the end of the bold words.
    await editorBody(page).press('End');
    await expect(dialog.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');

    // Insert an image from the picker (the library's own, searched), then replace it by clicking it.
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    const picker = dialog.getByRole('region', { name: 'Insert Image' });
    await picker.getByRole('searchbox', { name: 'Search images' }).fill(run);
    await expect(picker.getByRole('listitem')).toHaveCount(12); // newest first: 14 down to 3
    await expect(picker.getByText('Showing first 12 images.', { exact: false })).toBeVisible();
    await picker.getByRole('button', { name: `Choose Library image 14 ${run}`, exact: true }).click();
    await expect(picker).toHaveCount(0);
    await expect(editorBody(page).locator('img')).toHaveAttribute('src', library[13]!.path);
    // The cursor lands after the inserted image: typing goes on from there and keeps the image.
    await page.keyboard.type('After the picture');
    await expect(editorBody(page).locator('img')).toHaveCount(1);
    await expect(editorBody(page)).toContainText('After the picture');
    await editorBody(page).locator('img').click();
    const replace = dialog.getByRole('region', { name: 'Replace Image' });
    await replace.getByRole('searchbox', { name: 'Search images' }).fill(`Library image 3 ${run}`);
    await expect(replace.getByRole('listitem')).toHaveCount(1);
    await replace.getByRole('button', { name: `Choose Library image 3 ${run}`, exact: true }).click();
    await expect(editorBody(page).locator('img')).toHaveCount(1);
    await expect(editorBody(page).locator('img')).toHaveAttribute('src', library[2]!.path);

    // Save as a draft.
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('Blog post created successfully.').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const card = page.getByTestId('admin-post-card').filter({ hasText: `Editor post ${run}` });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await expect(card.getByText(`Admin ${run}`)).toBeVisible();
    await expect(card.getByRole('link', { name: /^View/ })).toHaveCount(0);
    await expect(card.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect((await page.request.get(`/blog/editor-post-${run}`)).status()).toBe(404);

    // Publish: the edit dialog stays open after saving.
    await card.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await expect(edit.getByLabel('Title *')).toHaveValue(`Editor post ${run}`);
    await expect(edit.getByLabel('Web address (optional)')).toHaveValue(`editor-post-${run}`);
    await expect(edit.locator('.ProseMirror strong')).toHaveText('strong words');
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Blog post updated successfully.').first()).toBeVisible();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/blog/editor-post-${run}`);

    const publicPage = await page.request.get(`/blog/editor-post-${run}`);
    expect(publicPage.status()).toBe(200);
    const body = /<div data-post-body[^>]*>(.*?)<\/div>/.exec(await publicPage.text())?.[1];
    expect(body).toContain('<strong>strong words</strong>');
    // The chosen library image, drawn from its WebP variants on the public page.
    expect(body).toContain(`srcset="${library[2]!.srcSet}"`);

    // Unpublish: gone from the public site again.
    await card.getByRole('button', { name: /^Edit/ }).click();
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Blog post updated successfully.').first()).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect((await page.request.get(`/blog/editor-post-${run}`)).status()).toBe(404);

    // Delete, after the browser confirmation.
    page.once('dialog', async (confirm) => {
      expect(confirm.message()).toBe(
        `Are you sure you want to delete "Editor post ${run}"? It will be moved to the Bin. You can restore it from there for 30 days.`,
      );
      await confirm.accept();
    });
    await card.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByText('Blog post deleted successfully.').first()).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a slug clash shows the server message in a destructive toast and keeps the dialog', async ({ page }) => {
    await signIn(page);
    const taken = await page.request.post('/api/admin/blog', {
      headers: blogAdminHeaders,
      data: { title: `Taken ${run}`, excerpt: 'x', content: '<p>x</p>', author: 'a', category: 'c' },
    });
    expect(taken.status()).toBe(201);
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Title *').fill(`Taken ${run}`);
    await dialog.getByLabel('Excerpt *').fill('x');
    await editorBody(page).click();
    await page.keyboard.type('Body');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(
      page.getByText(`A post with the URL slug "taken-${run}" already exists.`, { exact: false }).first(),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('nothing moves when the editor arrives, so Create Post answers a click made at once', async ({ page }) => {
    await signIn(page);
    // The editor's code on a slow line: the placeholder stands in for it a while.
    await page.route('**/assets/RichTextEditor-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    const create = dialog.getByRole('button', { name: 'Create Post' });
    await expect(dialog.getByTestId('editor-placeholder')).toBeVisible();
    const before = (await create.boundingBox())!;
    await expect(dialog.locator('.ProseMirror')).toBeVisible();
    await expect(dialog.getByTestId('editor-placeholder')).toHaveCount(0);
    expect((await create.boundingBox())!.y).toBe(before.y);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await create.click();
    for (const message of ['Title is required', 'Excerpt is required', 'Content is required']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel('Title *')).toBeFocused();
  });

  test('the toast after a save leaves the edit dialog’s buttons free for the next click (1280 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page);
    const created = await page.request.post('/api/admin/blog', {
      headers: blogAdminHeaders,
      data: { title: `Toast clear ${run}`, excerpt: 'x', content: '<p>x</p>', author: 'a', category: 'c' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/admin/blog');
    await page
      .getByTestId('admin-post-card')
      .filter({ hasText: `Toast clear ${run}` })
      .getByRole('button', { name: /^Edit/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    const update = edit.getByRole('button', { name: 'Update Post' });
    await update.click();
    // The pointer rests on Update Post, where the user clicked; the toast must not open under it.
    const toast = page.locator('[data-toast-region] li').filter({ hasText: 'Blog post updated successfully.' });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const button of [update, edit.getByRole('button', { name: 'Cancel' })]) {
      const box = (await button.boundingBox())!;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(box)}`).toBe(false);
    }
    // A second save at once, with the toast still open, reaches the button (no toast in the way).
    const secondSave = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/admin/blog/'),
    );
    await update.click({ timeout: 2_000 });
    await secondSave;
  });

  test('the blog screen and its dialog have no axe violations', async ({ page }) => {
    test.setTimeout(90_000); // two full axe runs plus the lazy editor, on a shared machine
    await signIn(page);
    await page.goto('/admin/blog');
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await expect(page.getByRole('dialog').locator('.ProseMirror')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
