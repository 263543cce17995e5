import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostSummary } from '../../../shared/blog/blog';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';

describe('public blog API', () => {
  let subject: TestApp;
  const posts: BlogPost[] = [];

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey } });
    const seed = [
      { title: 'Times tables tricks', category: 'Maths', tags: 'primary, maths' },
      { title: 'Fractions made easy', category: 'Maths', excerpt: 'Pizza helps with 50% of fractions_' },
      { title: 'GCSE English essays', category: 'Exam Prep' },
      { title: 'Secret draft about maths', category: 'Maths', published: 'false' },
      { title: 'Reading at home', category: 'Study Tips' },
      { title: 'Algebra basics', category: 'Maths' },
      { title: 'Geometry games', category: 'Maths' },
      { title: 'Mental maths warm-ups', category: 'Maths' },
      { title: 'Long division steps', category: 'Maths' },
    ];
    for (const overrides of seed) {
      const response = await subject.app.inject({
        headers: adminHeaders,
        method: 'POST',
        url: '/api/admin/blog',
        payload: postInput(overrides),
      });
      posts.push(response.json<BlogPost>());
    }
  });
  afterAll(() => subject.close());

  const titles = (body: BlogPostSummary[]) => body.map((post) => post.title);

  it('lists published posts only, newest first, six a page, with totals in headers', async () => {
    const first = await subject.app.inject('/api/blog');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('8');
    expect(first.headers['x-total-pages']).toBe('2');
    const body = first.json<BlogPostSummary[]>();
    expect(body).toHaveLength(6);
    expect(body[0]!.title).toBe('Long division steps');
    expect(body[0]).not.toHaveProperty('content');
    const second = (await subject.app.inject('/api/blog?page=2')).json<BlogPostSummary[]>();
    expect(second).toHaveLength(2);
    expect([...titles(body), ...titles(second)]).not.toContain('Secret draft about maths');
  });

  it('honours pageSize and refuses nonsense paging with 400', async () => {
    expect((await subject.app.inject('/api/blog?pageSize=3')).json()).toHaveLength(3);
    for (const query of ['page=0', 'page=x', 'pageSize=1000', 'pageSize=-1']) {
      const response = await subject.app.inject(`/api/blog?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(/^page/);
    }
  });

  it('searches title, excerpt, tags and category, case-blind, drafts excluded, wildcards literal', async () => {
    const tables = await subject.app.inject('/api/blog/search?q=TABLES&pageSize=50');
    expect(titles(tables.json())).toEqual(['Times tables tricks']);
    const primary = await subject.app.inject('/api/blog/search?q=Primary');
    expect(titles(primary.json())).toEqual(['Times tables tricks']);
    const maths = await subject.app.inject('/api/blog/search?q=maths&pageSize=50');
    expect(maths.headers['x-total-count']).toBe('6');
    expect(titles(maths.json())).not.toContain('Secret draft about maths');
    const percent = await subject.app.inject(`/api/blog/search?q=${encodeURIComponent('50%')}`);
    expect(titles(percent.json())).toEqual(['Fractions made easy']);
    const wildcard = await subject.app.inject(`/api/blog/search?q=${encodeURIComponent('%')}`);
    expect(titles(wildcard.json())).toEqual(['Fractions made easy']);
    const underscore = await subject.app.inject('/api/blog/search?q=_');
    expect(titles(underscore.json())).toEqual(['Fractions made easy']);
    expect((await subject.app.inject('/api/blog/search?q=')).statusCode).toBe(400);
  });

  it('filters by category, drafts excluded', async () => {
    const response = await subject.app.inject('/api/blog/category/Maths?pageSize=50');
    expect(response.headers['x-total-count']).toBe('6');
    expect(titles(response.json())).not.toContain('Secret draft about maths');
    const spaced = await subject.app.inject('/api/blog/category/Exam%20Prep');
    expect(titles(spaced.json())).toEqual(['GCSE English essays']);
    expect((await subject.app.inject('/api/blog/category/Nothing')).json()).toEqual([]);
  });

  it('counts the categories of published posts', async () => {
    const response = await subject.app.inject('/api/blog/categories');
    expect(response.json()).toEqual([
      { category: 'Exam Prep', count: 1 },
      { category: 'Maths', count: 6 },
      { category: 'Study Tips', count: 1 },
    ]);
  });

  it('answers a published post by slug and 404 for a draft or unknown slug', async () => {
    const response = await subject.app.inject('/api/blog/times-tables-tricks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Times tables tricks',
      content: expect.stringContaining('<strong>'),
    });
    expect((await subject.app.inject('/api/blog/secret-draft-about-maths')).statusCode).toBe(404);
    expect((await subject.app.inject('/api/blog/no-such-post')).statusCode).toBe(404);
  });

  it('gives at most 3 related posts from the same category, never the post itself or a draft', async () => {
    const response = await subject.app.inject('/api/blog/times-tables-tricks/related');
    const related = response.json<BlogPostSummary[]>();
    expect(related).toHaveLength(3);
    for (const post of related) {
      expect(post.category).toBe('Maths');
      expect(post.slug).not.toBe('times-tables-tricks');
      expect(post.published).toBe('true');
    }
    expect((await subject.app.inject('/api/blog/reading-at-home/related')).json()).toEqual([]);
    expect((await subject.app.inject('/api/blog/secret-draft-about-maths/related')).statusCode).toBe(404);
  });

  it('serves an RSS 2.0 feed of published posts only', async () => {
    const response = await subject.app.inject('/blog/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(response.body.match(/<item>/g)).toHaveLength(8);
    expect(response.body).toContain('<link>https://www.example.test/blog/times-tables-tricks</link>');
    expect(response.body).toContain('Pizza helps with 50% of fractions_');
    expect(response.body).not.toContain('Secret draft');
  });

  it('gives the sitemap every published post with its last change', async () => {
    const entries = await subject.features.blog.sitemapEntries();
    expect(entries).toHaveLength(8);
    expect(entries).toContainEqual({ path: '/blog/times-tables-tricks', lastModified: posts[0]!.updatedAt });
    expect(entries.some((entry) => entry.path.includes('secret-draft'))).toBe(false);
    const xml = (await subject.app.inject('/sitemap.xml')).body;
    expect(xml).toContain(
      `<loc>https://www.example.test/blog/times-tables-tricks</loc><lastmod>${posts[0]!.updatedAt}</lastmod>`,
    );
    expect(xml).not.toContain('secret-draft');
  });

  it('escapes what staff type into the feed', async () => {
    await subject.app.inject({
      headers: adminHeaders,
      method: 'POST',
      url: '/api/admin/blog',
      payload: postInput({ title: 'Tips & <tricks> for "Year 6"', category: 'Study Tips' }),
    });
    const body = (await subject.app.inject('/blog/rss.xml')).body;
    expect(body).toContain('<title>Tips &amp; &lt;tricks&gt; for &quot;Year 6&quot;</title>');
  });
});
