import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogRevision } from '../../../shared/blog/blog';
import { readGeneration } from '../../coordination/content-generation';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';
import { revisionsKept } from './repo';

/** Preview, scheduled publishing and revisions (docs/product.md#drafting). */
describe('drafting without fear', () => {
  let subject: TestApp;
  // A clock the tests move: scheduled posts appear when it passes their time, with no waiting.
  let now = new Date('2026-11-23T12:00:00.000Z');
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    subject.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await admin('POST', '/api/admin/blog', postInput(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<BlogPost>();
  };

  beforeAll(async () => {
    // The page cache on, as in production: a scheduled post must not wait for cached pages to expire.
    subject = await createTestApp({
      env: { ADMIN_API_KEY: testAdminKey, PAGE_CACHE_MS: '60000' },
      clock: () => now,
    });
  });
  afterAll(() => subject.close());

  describe('preview', () => {
    it('refuses every preview and revision route without the key, and with a wrong one', async () => {
      const routes = [
        { method: 'GET' as const, url: '/api/admin/blog/1/preview' },
        { method: 'POST' as const, url: '/api/admin/blog/preview' },
        { method: 'POST' as const, url: '/api/admin/blog/1/preview' },
        { method: 'GET' as const, url: '/api/admin/blog/1/revisions' },
        { method: 'POST' as const, url: '/api/admin/blog/1/revisions/1/restore' },
      ];
      for (const route of routes) {
        for (const headers of [{}, { 'x-api-key': 'y'.repeat(30) }]) {
          const response = await subject.app.inject({ ...route, headers, payload: postInput() });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
          expect(response.body).not.toContain('Revision tips');
        }
      }
    });

    it('shows a draft exactly as its public page would, to staff only, never stored or indexed', async () => {
      const draft = await create({ title: 'Secret draft about fractions', published: 'false' });
      expect((await subject.app.inject(`/blog/${draft.slug}`)).statusCode).toBe(404);

      const preview = await admin('GET', `/api/admin/blog/${draft.id}/preview`);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(preview.headers['cache-control']).toBe('no-store');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(preview.body).toContain('<!doctype html>');
      // Shown in a sandboxed frame where nothing would run: the preview carries no script at all.
      expect(preview.body).not.toContain('<script');
      expect(preview.body).not.toContain('modulepreload');
      expect(preview.body).toContain('Secret draft about fractions</h1>');
      expect(preview.body).toContain('Short, regular sessions <strong>work</strong>.');

      // Previewing put nothing in the page cache: the public page is still a 404.
      expect((await subject.app.inject(`/blog/${draft.slug}`)).statusCode).toBe(404);
      expect((await subject.app.inject('/blog')).body).not.toContain('Secret draft');
    });

    it('answers 404 for a post that is not there', async () => {
      for (const url of ['/api/admin/blog/999999/preview', '/api/admin/blog/abc/preview']) {
        const response = await admin('GET', url);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
      }
    });

    it('previews unsaved values, sanitised like a save, without writing or retiring cached pages', async () => {
      const saved = await create({ title: 'Saved title' });
      const before = await readGeneration(subject.database.db);
      const response = await admin(
        'POST',
        `/api/admin/blog/${saved.id}/preview`,
        postInput({
          title: 'Unsaved <b>title</b>',
          content: '<p>New words</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Unsaved &lt;b&gt;title&lt;/b&gt;</h1>');
      expect(response.body).toContain('<p>New words</p>');
      expect(response.body).not.toContain('alert(');
      expect(await readGeneration(subject.database.db)).toBe(before);
      expect(
        (await admin('GET', `/api/admin/blog`)).json<BlogPost[]>().find((post) => post.id === saved.id)?.title,
      ).toBe('Saved title');

      const fresh = await admin('POST', '/api/admin/blog/preview', postInput({ title: 'Not saved anywhere' }));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toContain('Not saved anywhere</h1>');
    });

    it('answers 400 naming the field for a bad preview, never a 500', async () => {
      const missing = await admin('POST', '/api/admin/blog/preview', postInput({ title: '' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'title' });
      const hostile = await admin(
        'POST',
        '/api/admin/blog/preview',
        postInput({ content: '<'.repeat(200_000), publishedAt: '9'.repeat(5000) }),
      );
      expect(hostile.statusCode).toBe(400);
    });
  });

  describe('scheduled publishing', () => {
    const inAnHour = '2026-11-23T13:00:00.000Z';
    let scheduled: BlogPost;
    const everywhere = async () => {
      const [list, page, postPage, api, search, categories, rss, sitemap] = await Promise.all(
        [
          '/api/blog',
          '/blog',
          '/blog/timetable-for-spring',
          '/api/blog/timetable-for-spring',
          '/api/blog/search?q=timetable',
          '/api/blog/categories',
          '/blog/rss.xml',
          '/sitemap.xml',
        ].map((url) => subject.app.inject(url)),
      );
      return {
        list: list!.body.includes('Timetable for spring'),
        page: page!.body.includes('Timetable for spring'),
        postPage: postPage!.statusCode,
        api: api!.statusCode,
        search: search!.json<unknown[]>().length,
        categories: categories!.json<{ category: string }[]>().some((entry) => entry.category === 'Centre News'),
        rss: rss!.body.includes('/blog/timetable-for-spring'),
        sitemap: sitemap!.body.includes('/blog/timetable-for-spring'),
      };
    };

    beforeAll(async () => {
      // Rendered and cached before the post exists.
      expect((await subject.app.inject('/blog')).statusCode).toBe(200);
      scheduled = await create({ title: 'Timetable for spring', category: 'Centre News', publishedAt: inAnHour });
    });

    it('stores the chosen time and stays invisible everywhere until then', async () => {
      expect(scheduled.publishedAt).toBe(inAnHour);
      expect(await everywhere()).toEqual({
        list: false,
        page: false,
        postPage: 404,
        api: 404,
        search: 0,
        categories: false,
        rss: false,
        sitemap: false,
      });
      // Still invisible one second before.
      now = new Date('2026-11-23T12:59:59.000Z');
      expect((await everywhere()).page).toBe(false);
    });

    it('appears everywhere at its time without anyone acting, cached pages included', async () => {
      const generation = await readGeneration(subject.database.db);
      now = new Date(inAnHour);
      expect(await everywhere()).toEqual({
        list: true,
        page: true,
        postPage: 200,
        api: 200,
        search: 1,
        categories: true,
        rss: true,
        sitemap: true,
      });
      expect(await readGeneration(subject.database.db)).toBe(generation);
    });

    it('reads a time without a zone as the time in London, and stores UTC', async () => {
      const summer = await create({ publishedAt: '2027-07-01T09:00' });
      expect(summer.publishedAt).toBe('2027-07-01T08:00:00.000Z');
      const winter = await create({ publishedAt: '2027-01-10T09:00' });
      expect(winter.publishedAt).toBe('2027-01-10T09:00:00.000Z');
      const offset = await create({ publishedAt: '2027-01-10T09:00:00+02:00' });
      expect(offset.publishedAt).toBe('2027-01-10T07:00:00.000Z');
    });

    it('keeps the first publication time when a save leaves the time as the form showed it', async () => {
      const post = await create({ title: 'Dated to the second' });
      const minute = post.publishedAt!.slice(0, 16);
      const response = await admin('PUT', `/api/admin/blog/${post.id}`, postInput({ publishedAt: minute + 'Z' }));
      expect(response.json<BlogPost>().publishedAt).toBe(post.publishedAt);
    });

    it.each([['2026-02-30T10:00'], ['tomorrow'], ['2026-11-23T25:00'], [12]])(
      'answers 400 naming publishedAt for %j',
      async (publishedAt) => {
        const response = await admin('POST', '/api/admin/blog', postInput({ publishedAt }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ field: 'publishedAt' });
      },
    );
  });

  describe('publish now: clearing the publication time (issue 38)', () => {
    const morning = '2026-11-24T09:00:00.000Z';
    const nextWeek = '2026-12-01T16:00:00.000Z';
    const update = (post: BlogPost, overrides: Record<string, unknown>) =>
      admin('PUT', `/api/admin/blog/${post.id}`, postInput({ title: post.title, ...overrides }));

    it('publishes a scheduled post when saved with the time cleared, and shows it at once', async () => {
      now = new Date(morning);
      const post = await create({ title: 'Open evening in December', publishedAt: nextWeek });
      expect(post.publishedAt).toBe(nextWeek);
      expect((await subject.app.inject(`/blog/${post.slug}`)).statusCode).toBe(404);

      const response = await update(post, { publishedAt: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json<BlogPost>().publishedAt).toBe(morning);
      expect((await subject.app.inject(`/blog/${post.slug}`)).statusCode).toBe(200);
    });

    it('takes null as cleared too', async () => {
      now = new Date(morning);
      const post = await create({ title: 'Mock exam week', publishedAt: nextWeek });
      expect((await update(post, { publishedAt: null })).json<BlogPost>().publishedAt).toBe(morning);
    });

    it('keeps the scheduled time when the body leaves the field out (a script that never set it)', async () => {
      now = new Date(morning);
      const post = await create({ title: 'Half-term timetable', publishedAt: nextWeek });
      const response = await update(post, { excerpt: 'New words only.' });
      expect(response.json<BlogPost>().publishedAt).toBe(nextWeek);
    });

    it('leaves a post that has already appeared dated from its first publication', async () => {
      now = new Date(morning);
      const post = await create({ title: 'Already out in the morning' });
      expect(post.publishedAt).toBe(morning);
      now = new Date('2026-11-25T10:00:00.000Z');
      expect((await update(post, { publishedAt: '' })).json<BlogPost>().publishedAt).toBe(morning);
    });

    it('drops the scheduled time of a draft cleared, so publishing it later dates it then', async () => {
      now = new Date(morning);
      const draft = await create({ title: 'Draft for next week', published: 'false', publishedAt: nextWeek });
      const cleared = (await update(draft, { published: 'false', publishedAt: '' })).json<BlogPost>();
      expect(cleared.publishedAt).toBeNull();
      now = new Date('2026-11-26T11:00:00.000Z');
      const published = (await update(draft, { published: 'true', publishedAt: '' })).json<BlogPost>();
      expect(published.publishedAt).toBe('2026-11-26T11:00:00.000Z');
    });
  });

  describe('revisions', () => {
    it('keeps the version each save replaced, newest first, bounded, and restores one', async () => {
      const post = await create({ title: 'Version 0', metaTitle: 'Meta 0' });
      expect((await admin('GET', `/api/admin/blog/${post.id}/revisions`)).json()).toEqual([]);
      const total = revisionsKept + 5;
      for (let version = 1; version <= total; version += 1) {
        now = new Date(now.getTime() + 1000);
        const response = await admin(
          'PUT',
          `/api/admin/blog/${post.id}`,
          postInput({ title: `Version ${version}`, slug: post.slug, metaTitle: `Meta ${version}` }),
        );
        expect(response.statusCode).toBe(200);
      }
      const revisions = (await admin('GET', `/api/admin/blog/${post.id}/revisions`)).json<BlogRevision[]>();
      expect(revisions).toHaveLength(revisionsKept);
      expect(revisions[0]!.title).toBe(`Version ${total - 1}`);
      expect(revisions.at(-1)!.title).toBe(`Version ${total - revisionsKept}`);
      expect(revisions[0]!.savedAt > revisions[1]!.savedAt).toBe(true);

      const oldest = revisions.at(-1)!;
      const restored = await admin('POST', `/api/admin/blog/${post.id}/revisions/${oldest.id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json<BlogPost>()).toMatchObject({
        title: `Version ${total - revisionsKept}`,
        metaTitle: `Meta ${total - revisionsKept}`,
        slug: post.slug,
      });
      // The restore is itself undoable: the version it replaced is now the newest revision.
      const after = (await admin('GET', `/api/admin/blog/${post.id}/revisions`)).json<BlogRevision[]>();
      expect(after).toHaveLength(revisionsKept);
      expect(after[0]!.title).toBe(`Version ${total}`);
    });

    it('keeps no revision for a save that changed none of the words', async () => {
      const post = await create({ title: 'Steady' });
      await admin('PUT', `/api/admin/blog/${post.id}`, postInput({ title: 'Steady', slug: post.slug, tags: 'new' }));
      expect((await admin('GET', `/api/admin/blog/${post.id}/revisions`)).json()).toEqual([]);
    });

    it("answers 404 for another post's revision and for unknown posts", async () => {
      const first = await create();
      const second = await create();
      await admin('PUT', `/api/admin/blog/${first.id}`, postInput({ title: 'Changed', slug: first.slug }));
      const [revision] = (await admin('GET', `/api/admin/blog/${first.id}/revisions`)).json<BlogRevision[]>();
      const wrong = await admin('POST', `/api/admin/blog/${second.id}/revisions/${revision!.id}/restore`);
      expect(wrong.statusCode).toBe(404);
      expect((await admin('GET', '/api/admin/blog/999999/revisions')).statusCode).toBe(404);
      expect((await admin('POST', `/api/admin/blog/${first.id}/revisions/0/restore`)).statusCode).toBe(404);
    });

    it('keeps the revisions while the post is in the Bin, and deletes them with it for good', async () => {
      const post = await create();
      await admin('PUT', `/api/admin/blog/${post.id}`, postInput({ title: 'Changed again', slug: post.slug }));
      const stored = async () => {
        const left = await sql<{
          count: number | string;
        }>`select count(*) as count from blog_post_revisions where post_id = ${post.id}`.execute(subject.database.db);
        return Number(left.rows[0]!.count);
      };
      expect((await admin('DELETE', `/api/admin/blog/${post.id}`)).statusCode).toBe(204);
      expect(await stored()).toBe(1);
      // In the Bin the post has no revisions to list or restore.
      expect((await admin('GET', `/api/admin/blog/${post.id}/revisions`)).statusCode).toBe(404);
      expect((await admin('DELETE', `/api/admin/bin/post/${post.id}`)).statusCode).toBe(204);
      expect(await stored()).toBe(0);
    });
  });
});
