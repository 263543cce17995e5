import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';

const cardTitles = (html: string) =>
  [...html.matchAll(/<h2 class="[^"]*"><a href="\/blog\/[^"]+"[^>]*>(.*?)<\/a>/g)].map((m) => m[1]);

describe('server-rendered blog pages', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey } });
  });
  afterAll(() => subject.close());

  it('shows the fallback study tips while there are no posts', async () => {
    const response = await subject.app.inject('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Study tips while our first articles are on their way');
    expect(response.body).toContain(
      '<link rel="alternate" type="application/rss+xml" href="https://www.example.test/blog/rss.xml" title="Northstar Tutors Blog" data-head>',
    );
  });

  describe('with posts', () => {
    beforeAll(async () => {
      for (let index = 1; index <= 8; index += 1) {
        await subject.app.inject({
          headers: adminHeaders,
          method: 'POST',
          url: '/api/admin/blog',
          payload: postInput({ title: `Maths post ${index}`, category: 'Maths', tags: 'algebra, GCSE' }),
        });
      }
      await subject.app.inject({
        headers: adminHeaders,
        method: 'POST',
        url: '/api/admin/blog',
        payload: postInput({ title: 'Reading for fun', category: 'English', featuredImage: '/uploads/books.webp' }),
      });
      await subject.app.inject({
        headers: adminHeaders,
        method: 'POST',
        url: '/api/admin/blog',
        payload: postInput({ title: 'Hidden draft', category: 'English', published: 'false' }),
      });
    });

    it('renders six cards, category buttons and pagination in the raw HTML', async () => {
      const html = (await subject.app.inject('/blog')).body;
      expect(cardTitles(html)).toEqual(['Reading for fun', ...[8, 7, 6, 5, 4].map((n) => `Maths post ${n}`)]);
      expect(html).toContain('>All</a>');
      expect(html).toContain('href="/blog?category=English"');
      expect(html).toContain('href="/blog?page=2"');
      expect(html).not.toContain('Hidden draft');
      expect(html).not.toContain('Clear All');
    });

    it('answers page 2, a category and a search from the URL, with badges and Clear All', async () => {
      expect(cardTitles((await subject.app.inject('/blog?page=2')).body)).toEqual([
        'Maths post 3',
        'Maths post 2',
        'Maths post 1',
      ]);
      const category = (await subject.app.inject('/blog?category=English')).body;
      expect(cardTitles(category)).toEqual(['Reading for fun']);
      expect(category).toContain('Category: English');
      expect(category).toContain('Clear All');
      expect(category).toContain('<meta name="robots" content="noindex, follow"');
      // Search wins over category (docs/product.md#blog-list).
      const both = (await subject.app.inject('/blog?q=post%207&category=English')).body;
      expect(cardTitles(both)).toEqual(['Maths post 7']);
      expect(both).toContain('Search: “post 7”');
      const none = (await subject.app.inject('/blog?q=zebra')).body;
      expect(none).toContain('No posts found');
    });

    it('renders a post with its metadata, share links, related posts and calls to action', async () => {
      const response = await subject.app.inject('/blog/maths-post-3');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Maths post 3 | Northstar Tutors Blog</title>');
      expect(html).toContain('<link rel="canonical" href="https://www.example.test/blog/maths-post-3"');
      expect(html).toContain('<meta property="og:type" content="article"');
      expect(html).toContain('<meta property="article:section" content="Maths"');
      expect(html).toContain('<meta property="article:tag" content="GCSE"');
      const jsonLd = JSON.parse(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/s.exec(html)![1]!);
      expect(jsonLd).toMatchObject({
        '@type': 'BlogPosting',
        headline: 'Maths post 3',
        author: { '@type': 'Person', name: 'Jane Tutor' },
      });
      expect(html).toMatch(/<time dateTime="[^"]+">\d{1,2} [A-Z][a-z]+ \d{4}<\/time>/);
      expect(html).toContain('Back to Blog');
      expect(html).toContain(
        'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.example.test%2Fblog%2Fmaths-post-3',
      );
      expect(html).toContain('https://x.com/intent/post?url=');
      expect(html).toContain('Related articles');
      expect(html.match(/<h3 class="[^"]*"><a href="\/blog\//g)).toHaveLength(3);
      expect(html).toContain('href="/free-assessment"');
      expect(html).toContain('href="/contact"');
    });

    it('uses the meta title and description when staff set them', async () => {
      await subject.app.inject({
        headers: adminHeaders,
        method: 'POST',
        url: '/api/admin/blog',
        payload: postInput({ title: 'With SEO', metaTitle: 'Custom SEO title', metaDescription: 'Custom description' }),
      });
      const html = (await subject.app.inject('/blog/with-seo')).body;
      expect(html).toContain('<title>Custom SEO title</title>');
      expect(html).toContain('<meta name="description" content="Custom description"');
    });

    it.each(['/blog/hidden-draft', '/blog/no-such-post'])(
      'answers %s with Blog Post Not Found and a 404',
      async (path) => {
        const response = await subject.app.inject(path);
        expect(response.statusCode).toBe(404);
        expect(response.body.match(/<h1\b[^>]*>(.*?)<\/h1>/gs)).toEqual([
          expect.stringMatching(/>Blog Post Not Found<\/h1>$/),
        ]);
        expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"');
        expect(response.body).not.toContain('Hidden draft');
      },
    );
  });
});
