import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { BlogPost } from '../../src/shared/blog/blog';
import type { ImageRecord } from '../../src/shared/images/images';
import { utcToLondonLocal } from '../../src/shared/london-time';
import { expect, signIn, signInScreen } from './admin-session';
import { BLOG_KEY, blogAdminHeaders, useBlogServer } from './blog-server';
import { axeViolations, test } from './fixtures';

/** Drafting without fear (docs/product.md#drafting), through the admin screens. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createPost(request: APIRequestContext, overrides: Record<string, unknown>): Promise<BlogPost> {
  const response = await request.post('/api/admin/blog', {
    headers: blogAdminHeaders,
    data: {
      title: `Post ${run}`,
      excerpt: 'An excerpt.',
      content: '<p>The first words.</p>',
      author: 'Jane Tutor',
      category: 'Drafting',
      published: 'true',
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as BlogPost;
}

async function uploadImage(request: APIRequestContext, name: string, altText: string): Promise<ImageRecord> {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#aa5522' } })
    .png()
    .toBuffer();
  const response = await request.post('/api/admin/images', {
    headers: blogAdminHeaders,
    multipart: { image: { name, mimeType: 'image/png', buffer: png }, category: 'blog', altText },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ImageRecord;
}

/**
 * '2026-11-23T13:30:15': the instant on London's clock, as a datetime-local input takes it. The
 * helper stops at minutes; London is a whole number of hours off UTC, so its seconds are UTC's.
 */
const londonLocal = (date: Date) =>
  `${utcToLondonLocal(date.toISOString())}:${String(date.getUTCSeconds()).padStart(2, '0')}`;

const postCard = (page: Page, title: string) => page.getByTestId('admin-post-card').filter({ hasText: title });

test.describe('drafting without fear', () => {
  // The page cache on, as in production: a post must not show while it is scheduled, and a save
  // that publishes it must retire the pages already cached.
  const server = useBlogServer({ PAGE_CACHE_MS: '60000' });
  const openBlogAdmin = async (page: Page) => {
    await signIn(page, server().baseUrl, BLOG_KEY);
    await expect(signInScreen(page)).toHaveCount(0);
    await page.goto(`${server().baseUrl}/admin/blog`);
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  };

  test('warns before losing unsaved changes, and restores the local copy after a closed tab', async ({
    page,
    context,
    consoleErrors,
  }) => {
    // Three tabs, a closed one among them, and a sign-out: on a shared two-core machine it needs the time.
    test.setTimeout(120_000);
    await openBlogAdmin(page);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Title *').fill(`Unsaved thoughts ${run}`);
    await dialog.getByLabel('Excerpt *').fill('Not saved yet.');

    // Cancel asks first; keeping on editing loses nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Title *')).toHaveValue(`Unsaved thoughts ${run}`);
    // Escape asks too.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();

    // Closing the tab asks the browser's own question.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('postDraft'))))
      .toEqual(['northstar.postDraft.new']);
    const stored = await page.evaluate(() => localStorage.getItem('northstar.postDraft.new') ?? '');
    expect(stored).toContain(`Unsaved thoughts ${run}`);
    expect(stored).not.toContain(BLOG_KEY);
    const beforeUnload = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await beforeUnload).toBe('beforeunload');
    if (!page.isClosed()) await page.close();

    // A new tab offers the copy back.
    const next = await context.newPage();
    // The session cookie belongs to the browser, not the tab: the new tab is still signed in.
    await next.goto(`${server().baseUrl}/admin/blog`);
    await expect(next.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
    await next.getByRole('button', { name: 'Create New Post' }).click();
    const again = next.getByRole('dialog', { name: 'Create New Post' });
    await expect(again.getByRole('status')).toContainText('This browser kept an unsaved copy of this post');
    await expect(again.getByLabel('Title *')).toHaveValue('');
    await again.getByRole('button', { name: 'Restore unsaved copy' }).click();
    await expect(again.getByLabel('Title *')).toHaveValue(`Unsaved thoughts ${run}`);
    await expect(again.getByLabel('Excerpt *')).toHaveValue('Not saved yet.');

    // Discarding on purpose clears the copy: the next dialog starts empty, with no offer.
    await again.getByRole('button', { name: 'Cancel' }).click();
    await next.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(again).toHaveCount(0);
    await next.getByRole('button', { name: 'Create New Post' }).click();
    await expect(again.getByLabel('Title *')).toHaveValue('');
    await expect(again.getByRole('status')).toHaveCount(0);
    expect(await next.evaluate(() => localStorage.getItem('northstar.postDraft.new'))).toBeNull();

    // Signing out on purpose leaves no unfinished post for the next person at this computer.
    await again.getByLabel('Title *').fill(`Left behind ${run}`);
    await expect
      .poll(() => next.evaluate(() => localStorage.getItem('northstar.postDraft.new') ?? ''))
      .toContain(`Left behind ${run}`);
    const other = await context.newPage();
    await other.goto(`${server().baseUrl}/admin`);
    await other.getByRole('button', { name: 'Logout' }).click();
    await expect(signInScreen(other)).toBeVisible();
    expect(await other.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('postDraft')))).toEqual(
      [],
    );
    expect(consoleErrors).toEqual([]);
  });

  test('previews a draft, saved and unsaved, exactly as the public page; nobody else can', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const draft = await createPost(request, { title: `Draft preview ${run}`, published: 'false' });
    expect((await request.get(`/blog/${draft.slug}`)).status()).toBe(404);
    const refused = await request.get(`/api/admin/blog/${draft.id}/preview`);
    expect(refused.status()).toBe(401);
    expect(await refused.text()).not.toContain('Draft preview');

    await openBlogAdmin(page);
    const card = postCard(page, `Draft preview ${run}`);
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: /^Preview/ }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    const frame = preview.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`Draft preview ${run}`);
    await expect(frame.getByText('The first words.')).toBeVisible();
    await expect(preview.locator('iframe')).toHaveAttribute('sandbox', 'allow-same-origin');
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toHaveCount(0);

    // The dialog previews what is typed, before it is saved.
    await card.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await edit.getByLabel('Title *').fill(`Changed before saving ${run}`);
    await edit.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Preview' }).frameLocator('iframe').getByRole('heading', { level: 1 }),
    ).toHaveText(`Changed before saving ${run}`);
    expect((await request.get(`/blog/${draft.slug}`)).status()).toBe(404);
    // The sandbox refusing to run script in the frame (the test's own frame locators included) is
    // reported as an error; that refusal is the point. Anything else is a fault.
    expect(consoleErrors.filter((error) => !error.startsWith("Blocked script execution in 'about:srcdoc'"))).toEqual(
      [],
    );
  });

  // The post's appearance at that time (pages, RSS, the page cache) is drafting.int.test.ts's, on a
  // clock it moves; the status the list shows from then on is blog.test.ts's (postStatus).
  test('a publication time typed in the dialog schedules the post for that moment in UK time', async ({
    page,
    request,
  }) => {
    const title = `Scheduled news ${run}`;
    // Cached before: the page cache keeps pages 60 s on this server.
    expect(await (await request.get('/blog')).text()).not.toContain(title);

    await openBlogAdmin(page);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Title *').fill(title);
    await dialog.getByLabel('Excerpt *').fill('Coming soon.');
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Our spring timetable.');
    // A day ahead, so no busy moment can reach it during the test. A whole second: the field takes
    // seconds, so the stored time has no milliseconds to lose.
    const at = new Date(Math.ceil((Date.now() + 86_400_000) / 1000) * 1000);
    await dialog.getByLabel('Publication time (UK)').fill(londonLocal(at));
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog).toHaveCount(0);
    const card = postCard(page, title);
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

    // The field's London wall-clock time reached the server as that very instant.
    const saved = (
      (await (await request.get('/api/admin/blog', { headers: blogAdminHeaders })).json()) as BlogPost[]
    ).find((each) => each.title === title);
    expect(saved?.publishedAt).toBe(at.toISOString());
    expect(await (await request.get('/blog')).text()).not.toContain(title);
    expect(await (await request.get('/blog/rss.xml')).text()).not.toContain(title);
  });

  test('clearing the publication time of a scheduled post publishes it now, as the hint says', async ({
    page,
    request,
  }) => {
    const title = `Publish now ${run}`;
    const nextMonth = new Date(Math.ceil((Date.now() + 30 * 86_400_000) / 60_000) * 60_000).toISOString();
    const post = await createPost(request, { title, publishedAt: nextMonth });
    expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);

    await openBlogAdmin(page);
    const card = postCard(page, title);
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    const time = edit.getByLabel('Publication time (UK)');
    await expect(time).toHaveValue(utcToLondonLocal(nextMonth));
    await expect(edit.getByText('Empty: when first published. A future time schedules the post.')).toBeVisible();
    await time.fill('');
    const before = Date.now();
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Blog post updated successfully.', { exact: true })).toBeVisible();

    // The dialog stays open on edit, refilled from the saved post: the time it was published, not next month's.
    await expect(time).not.toHaveValue(utcToLondonLocal(nextMonth));
    await expect(time).not.toHaveValue('');
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Appears/)).toHaveCount(0);
    expect((await request.get(`/blog/${post.slug}`)).status()).toBe(200);
    const saved = (
      (await (await request.get('/api/admin/blog', { headers: blogAdminHeaders })).json()) as BlogPost[]
    ).find((each) => each.id === post.id)!;
    expect(Date.parse(saved.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(saved.publishedAt!)).toBeLessThanOrEqual(Date.now());
  });

  test('restores an earlier version from the revisions', async ({ page, request, consoleErrors }) => {
    test.setTimeout(90_000); // an axe run on a shared machine
    const post = await createPost(request, { title: `First version ${run}` });
    const update = await request.put(`/api/admin/blog/${post.id}`, {
      headers: blogAdminHeaders,
      data: { ...post, title: `Second version ${run}`, content: '<p>Rewritten.</p>' },
    });
    expect(update.status()).toBe(200);

    await openBlogAdmin(page);
    await postCard(page, `Second version ${run}`).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await edit.getByText('Revisions').click();
    const versions = edit.getByRole('list', { name: 'Earlier versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(1);
    await expect(versions).toContainText(`First version ${run}`);
    expect(await axeViolations(page)).toEqual([]);
    await versions.getByRole('button', { name: /^Restore/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Restore this version?' })
      .getByRole('button', { name: 'Restore version' })
      .click();
    await expect(edit.getByLabel('Title *')).toHaveValue(`First version ${run}`);
    await expect(edit.locator('.ProseMirror')).toHaveText('The first words.');
    // What the restore replaced is itself a revision now.
    await expect(versions).toContainText(`Second version ${run}`);
    expect(await (await request.get(`/blog/${post.slug}`)).text()).toContain(`First version ${run}`);
    expect(consoleErrors).toEqual([]);
  });

  test('a library image keeps its alt text, and one without is asked for', async ({ page, request }) => {
    const described = await uploadImage(request, `whiteboard-${run}.png`, `Pupils at the whiteboard ${run}`);
    const bare = await uploadImage(request, `chart-${run}.png`, '');
    await openBlogAdmin(page);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    const body = dialog.locator('.ProseMirror');

    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog
      .getByRole('region', { name: 'Insert Image' })
      .getByRole('button', { name: `Choose Pupils at the whiteboard ${run}`, exact: true })
      .click();
    await expect(body.locator(`img[src="${described.path}"]`)).toHaveAttribute(
      'alt',
      `Pupils at the whiteboard ${run}`,
    );
    await expect(dialog.getByTestId('alt-text-prompt')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Insert image' }).click();
    const picker = dialog.getByRole('region', { name: 'Insert Image' });
    await picker.getByRole('button', { name: `Choose ${bare.filename}`, exact: true }).click();
    const prompt = dialog.getByRole('region', { name: 'Describe the image' });
    await prompt.getByLabel(/Describe it for people who cannot see it/).fill('A chart of exam results');
    await prompt.getByRole('button', { name: 'Add description' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(body.locator(`img[src="${bare.path}"]`)).toHaveAttribute('alt', 'A chart of exam results');
  });
});
