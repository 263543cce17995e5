import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../../shared/blog/blog';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';

describe('admin blog API', () => {
  // The test moves it: a real clock can show two saves in the same millisecond.
  const clock = movableClock(Date.now());
  let subject: TestApp;
  const create = async (body: Record<string, unknown>) =>
    subject.app.inject({ headers: adminHeaders, method: 'POST', url: '/api/admin/blog', payload: body });
  const update = async (id: number, body: Record<string, unknown>) =>
    subject.app.inject({ headers: adminHeaders, method: 'PUT', url: `/api/admin/blog/${id}`, payload: body });

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey }, clock: clock.now });
  });
  afterAll(() => subject.close());

  it('refuses every admin blog route without the key, and with a wrong one', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/blog' },
      { method: 'POST' as const, url: '/api/admin/blog' },
      { method: 'PUT' as const, url: '/api/admin/blog/1' },
      { method: 'DELETE' as const, url: '/api/admin/blog/1' },
    ];
    for (const route of routes) {
      expect((await subject.app.inject({ ...route, payload: postInput() })).statusCode).toBe(401);
      const wrong = await subject.app.inject({
        ...route,
        payload: postInput(),
        headers: { 'x-api-key': 'x'.repeat(30) },
      });
      expect(wrong.statusCode).toBe(401);
    }
  });

  it('creates a post, generating the slug from the title and dating it', async () => {
    const before = clock.now().toISOString();
    const response = await create(postInput({ title: 'GCSE Maths: 10 Top Tips!', slug: '' }));
    expect(response.statusCode).toBe(201);
    const post = response.json<BlogPost>();
    expect(post).toMatchObject({
      slug: 'gcse-maths-10-top-tips',
      title: 'GCSE Maths: 10 Top Tips!',
      published: 'true',
      tags: 'revision, GCSE',
      featuredImage: null,
    });
    expect(post.id).toBeTypeOf('number');
    expect(post.createdAt >= before).toBe(true);
    expect(post.publishedAt).toBe(post.createdAt);
    expect(post.updatedAt).toBe(post.createdAt);
  });

  it('normalises a typed slug with the same rule', async () => {
    const response = await create(postInput({ slug: 'My Own  Slug!' }));
    expect(response.json()).toMatchObject({ slug: 'my-own-slug' });
  });

  it('answers 409 naming the slug when it is taken, typed or generated', async () => {
    await create(postInput({ title: 'Unique title here' }));
    const generated = await create(postInput({ title: 'Unique Title Here!' }));
    expect(generated.statusCode).toBe(409);
    expect(generated.json()).toEqual({
      error: 'A post with the URL slug "unique-title-here" already exists. Choose another slug or title.',
      code: 'CONFLICT',
      field: 'slug',
    });
    const typed = await create(postInput({ slug: 'unique-title-here' }));
    expect(typed.statusCode).toBe(409);
  });

  it('refuses slugs the API itself uses', async () => {
    const response = await create(postInput({ title: 'Search' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'slug' });
  });

  it.each([
    ['title', 'Title is required'],
    ['excerpt', 'Excerpt is required'],
    ['content', 'Content is required'],
    ['author', 'Author is required'],
    ['category', 'Category is required'],
  ])('answers 400 naming %s when it is missing', async (field, message) => {
    const response = await create(postInput({ [field]: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', field });
  });

  it('answers 400 for content that is nothing once sanitised', async () => {
    const response = await create(postInput({ content: '<script>alert(1)</script>' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'content', error: 'Content is required' });
  });

  it('answers 400 for a title with no letters or digits to make a slug from', async () => {
    const response = await create(postInput({ title: '???' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'title' });
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      payload: '"text"',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps publishedAt from the first publication and moves updatedAt on every change', async () => {
    const draft = (await create(postInput({ published: 'false' }))).json<BlogPost>();
    expect(draft.publishedAt).toBeNull();

    // Each change a second later: two saves in one millisecond would show the same time.
    clock.advance(1000);
    const published = (await update(draft.id, postInput({ title: draft.title, published: 'true' }))).json<BlogPost>();
    expect(published.publishedAt).not.toBeNull();
    expect(published.updatedAt > draft.updatedAt).toBe(true);

    clock.advance(1000);
    const unpublished = (
      await update(draft.id, postInput({ title: draft.title, published: 'false' }))
    ).json<BlogPost>();
    expect(unpublished.published).toBe('false');
    expect(unpublished.publishedAt).toBe(published.publishedAt);

    clock.advance(1000);
    const republished = (await update(draft.id, postInput({ title: draft.title, published: 'true' }))).json<BlogPost>();
    expect(republished.publishedAt).toBe(published.publishedAt);
    expect(republished.updatedAt > unpublished.updatedAt).toBe(true);
    expect(republished.createdAt).toBe(draft.createdAt);
  });

  it('lets a post keep its own slug on update but not take another', async () => {
    const first = (await create(postInput({ title: 'First of two' }))).json<BlogPost>();
    await create(postInput({ title: 'Second of two' }));
    const same = await update(first.id, postInput({ title: 'First of two', excerpt: 'Changed' }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ slug: 'first-of-two', excerpt: 'Changed' });
    const clash = await update(first.id, postInput({ title: 'First of two', slug: 'second-of-two' }));
    expect(clash.statusCode).toBe(409);
  });

  it('answers 404 for an unknown or malformed id on update and delete', async () => {
    for (const id of ['999999', 'abc', '1.5']) {
      expect(
        (
          await subject.app.inject({
            headers: adminHeaders,
            method: 'PUT',
            url: `/api/admin/blog/${id}`,
            payload: postInput(),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await subject.app.inject({ headers: adminHeaders, method: 'DELETE', url: `/api/admin/blog/${id}` }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('lists drafts and published posts, newest first, and deletes', async () => {
    const draft = (await create(postInput({ title: 'A draft to delete', published: 'false' }))).json<BlogPost>();
    const list = await subject.app.inject({ url: '/api/admin/blog', headers: adminHeaders });
    expect(list.statusCode).toBe(200);
    const posts = list.json<BlogPost[]>();
    expect(posts[0]).toMatchObject({ id: draft.id, published: 'false', content: expect.any(String) });
    expect(posts.some((post) => post.published === 'true')).toBe(true);

    const deleted = await subject.app.inject({
      headers: adminHeaders,
      method: 'DELETE',
      url: `/api/admin/blog/${draft.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const after = (await subject.app.inject({ url: '/api/admin/blog', headers: adminHeaders })).json<BlogPost[]>();
    expect(after.some((post) => post.id === draft.id)).toBe(false);
  });
});
