import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../../shared/blog/blog';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';
import { findExecutable, xssCorpus } from '../../../../tests/support/xss-corpus';

/** The sanitised body as the server-rendered page carries it. */
const postBody = (html: string) => /<div data-post-body="true" [^>]*>(.*?)<\/div><aside/s.exec(html)?.[1];

describe('post HTML is safe on write and on render', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey } });
  });
  afterAll(() => subject.close());

  it.each(xssCorpus.map((payload, index) => [index, payload] as const))(
    'payload %i is stored, served and rendered without anything executable',
    async (index, payload) => {
      const response = await subject.app.inject({
        headers: adminHeaders,
        method: 'POST',
        url: '/api/admin/blog',
        payload: postInput({ title: `Payload ${index}`, content: `<p>Safe text</p>${payload}` }),
      });
      expect(response.statusCode).toBe(201);
      const stored = await subject.database.db
        .selectFrom('blog_posts')
        .select('content')
        .where('slug', '=', `payload-${index}`)
        .executeTakeFirstOrThrow();
      expect(stored.content).toContain('<p>Safe text</p>');
      expect(findExecutable(stored.content)).toBeNull();

      const api = (await subject.app.inject(`/api/blog/payload-${index}`)).json<BlogPost>();
      expect(findExecutable(api.content)).toBeNull();

      const page = await subject.app.inject(`/blog/payload-${index}`);
      const body = postBody(page.body);
      expect(body).toContain('<p>Safe text</p>');
      expect(findExecutable(body!)).toBeNull();
    },
  );

  it('sanitises on render too: a hostile row written around the API cannot run script', async () => {
    const now = new Date().toISOString();
    await subject.database.db
      .insertInto('blog_posts')
      .values({
        slug: 'written-around-the-api',
        title: 'Written around the API',
        excerpt: 'x',
        content: `<p>Visible</p>${xssCorpus.join('')}`,
        author: 'a',
        category: 'c',
        tags: null,
        featured_image: null,
        meta_title: null,
        meta_description: null,
        published: 'true',
        created_at: now,
        published_at: now,
        updated_at: now,
      })
      .execute();
    const api = (await subject.app.inject('/api/blog/written-around-the-api')).json<BlogPost>();
    expect(api.content).toContain('<p>Visible</p>');
    expect(findExecutable(api.content)).toBeNull();
    const page = await subject.app.inject('/blog/written-around-the-api');
    expect(page.statusCode).toBe(200);
    const body = postBody(page.body);
    expect(body).toContain('<p>Visible</p>');
    expect(findExecutable(body!)).toBeNull();
  });

  it('escapes hostile text in the title, excerpt and tags on the page and in its head', async () => {
    await subject.app.inject({
      headers: adminHeaders,
      method: 'POST',
      url: '/api/admin/blog',
      payload: postInput({
        title: 'Title <img src=x onerror=alert(1)>',
        slug: 'hostile-text',
        excerpt: '</script><script>alert(1)</script>',
        tags: '<b onmouseover=alert(1)>tag</b>',
      }),
    });
    const html = (await subject.app.inject('/blog/hostile-text')).body;
    expect(html).not.toContain('<img src=x onerror');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<b onmouseover');
    expect(html).toContain('Title &lt;img src=x onerror=alert(1)&gt;');
  });
});
