import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinItem, BinList, ImageUsage } from '../../../shared/bin/bin';
import type { BlogPost } from '../../../shared/blog/blog';
import type { EnquiryCounts } from '../../../shared/enquiries/admin-schemas';
import type { ImageRecord } from '../../../shared/images/images';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';
import { pngOf } from '../../../../tests/support/images-fixtures';
import { uploadImage } from '../../../../tests/support/multipart';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { readGeneration } from '../../coordination/content-generation';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the Bin', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey, RETENTION_MONTHS: '24' } });
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const get = (url: string) => subject.app.inject({ url, headers: adminHeaders });
  const send = (method: 'POST' | 'DELETE' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    subject.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  const binList = async () => (await get('/api/admin/bin')).json<BinList>().items;
  const inBin = async (kind: BinItem['kind'], id: number) =>
    (await binList()).find((item) => item.kind === kind && item.id === id);

  async function createPost(overrides: Record<string, unknown> = {}): Promise<BlogPost> {
    const response = await send('POST', '/api/admin/blog', postInput(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<BlogPost>();
  }

  const uploadBinnable = async () =>
    uploadImage(subject.app, adminHeaders, { data: await pngOf(60, 40), filename: 'bin-me.png', category: 'hero' });

  /** Everything public that could show a post. */
  async function publicMentions(post: BlogPost) {
    const [list, single, page, listPage, sitemap, rss, search, category] = await Promise.all(
      [
        '/api/blog',
        `/api/blog/${post.slug}`,
        `/blog/${post.slug}`,
        '/blog',
        '/sitemap.xml',
        '/blog/rss.xml',
        `/api/blog/search?q=${encodeURIComponent(post.title)}`,
        `/api/blog/category/${encodeURIComponent(post.category)}`,
      ].map((url) => subject.app.inject(url)),
    );
    return {
      singleStatus: single!.statusCode,
      pageStatus: page!.statusCode,
      inList: list!.body.includes(post.slug),
      inListPage: listPage!.body.includes(post.slug),
      inSitemap: sitemap!.body.includes(`/blog/${post.slug}<`),
      inRss: rss!.body.includes(`/blog/${post.slug}<`),
      inSearch: search!.body.includes(post.slug),
      inCategory: category!.body.includes(post.slug),
    };
  }

  it('a deleted post leaves the blog, its page, the sitemap, RSS and the admin list, and comes back on restore', async () => {
    const post = await createPost({ title: 'Binned study plan', category: 'Bin Tests' });
    const visible = {
      singleStatus: 200,
      pageStatus: 200,
      inList: true,
      inListPage: true,
      inSitemap: true,
      inRss: true,
      inSearch: true,
      inCategory: true,
    };
    expect(await publicMentions(post)).toEqual(visible);

    const before = await readGeneration(db());
    expect((await send('DELETE', `/api/admin/blog/${post.id}`)).statusCode).toBe(204);
    expect(await readGeneration(db())).toBeGreaterThan(before);
    expect(await publicMentions(post)).toEqual({
      singleStatus: 404,
      pageStatus: 404,
      inList: false,
      inListPage: false,
      inSitemap: false,
      inRss: false,
      inSearch: false,
      inCategory: false,
    });
    const categories = (await subject.app.inject('/api/blog/categories')).json<{ category: string }[]>();
    expect(categories.map((entry) => entry.category)).not.toContain('Bin Tests');
    expect((await get('/api/admin/blog')).json<BlogPost[]>().map((p) => p.id)).not.toContain(post.id);
    // Gone for editing too, and its slug stays taken while it can still come back.
    expect((await send('PUT', `/api/admin/blog/${post.id}`, postInput())).statusCode).toBe(404);
    const clash = await send('POST', '/api/admin/blog', postInput({ slug: post.slug }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ field: 'slug', error: expect.stringContaining('in the Bin') });

    const item = await inBin('post', post.id);
    expect(item).toMatchObject({ label: 'Binned study plan', detail: `/blog/${post.slug}` });
    expect(Date.parse(item!.purgeAt) - Date.parse(item!.deletedAt)).toBe(BIN_KEEP_DAYS * DAY_MS);

    const generation = await readGeneration(db());
    expect((await send('POST', `/api/admin/bin/post/${post.id}/restore`)).statusCode).toBe(204);
    expect(await readGeneration(db())).toBeGreaterThan(generation);
    expect(await publicMentions(post)).toEqual(visible);
    expect(await inBin('post', post.id)).toBeUndefined();
  });

  it("a binned image's addresses answer 404 and it leaves the library and the home page; restore brings them back", async () => {
    const image = await uploadBinnable();
    const addresses = [image.path, ...image.variants.map((variant) => variant.path)];
    const statuses = () => Promise.all(addresses.map(async (path) => (await subject.app.inject(path)).statusCode));
    expect(await statuses()).toEqual(addresses.map(() => 200));

    expect((await send('DELETE', `/api/admin/images/${image.id}`)).statusCode).toBe(204);
    expect(await statuses()).toEqual(addresses.map(() => 404));
    const library = (await get('/api/admin/images')).json<{ images: ImageRecord[] }>().images;
    expect(library.map((entry) => entry.id)).not.toContain(image.id);
    expect((await subject.app.inject('/api/images/showcase')).body).not.toContain(image.path);
    expect((await subject.app.inject('/')).body).not.toContain(`/images/${image.id}/`);
    expect((await send('PATCH', `/api/admin/images/${image.id}`, { altText: 'x' })).statusCode).toBe(404);
    expect(await inBin('image', image.id)).toMatchObject({ label: 'bin-me.png', detail: 'Image, hero' });

    expect((await send('POST', `/api/admin/bin/image/${image.id}/restore`)).statusCode).toBe(204);
    expect(await statuses()).toEqual(addresses.map(() => 200));
    expect((await subject.app.inject('/api/images/showcase')).body).toContain(image.path);
  });

  it('a binned enquiry leaves the inbox, its counts and the export, and comes back on restore', async () => {
    const enquiry = await seedEnquiry(db(), { first_name: 'Binnable', submission_type: 'assessment' });
    const counts = async () => (await get('/api/contact-submissions/counts?q=Binnable')).json<EnquiryCounts>();
    const listed = async () => (await get('/api/contact-submissions?q=Binnable')).json<{ id: number }[]>();
    const exported = async () => (await get('/api/contact-submissions/export.csv')).body.includes('Binnable');
    expect(await counts()).toEqual({ all: 1, assessment: 1, contact: 0, unreviewed: 1 });

    expect((await send('DELETE', `/api/contact-submissions/${enquiry.id}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({ all: 0, assessment: 0, contact: 0, unreviewed: 0 });
    expect(await listed()).toEqual([]);
    expect(await exported()).toBe(false);
    expect((await send('PUT', `/api/contact-submissions/${enquiry.id}`, { reviewed: 'true' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/contact-submissions/${enquiry.id}`)).statusCode).toBe(404);
    expect(await inBin('enquiry', enquiry.id)).toMatchObject({
      label: 'Binnable Example',
      detail: 'Assessment request',
    });

    expect((await send('POST', `/api/admin/bin/enquiry/${enquiry.id}/restore`)).statusCode).toBe(204);
    expect((await listed()).map((row) => row.id)).toEqual([enquiry.id]);
    expect(await exported()).toBe(true);
  });

  it('a binned enquiry is due for good at its retention deadline when that comes before the 30 days', async () => {
    // Sent 24 months less 10 days ago: the retention job takes it in 10 days, before the Bin would.
    const submitted = new Date();
    submitted.setUTCMonth(submitted.getUTCMonth() - 24);
    submitted.setTime(submitted.getTime() + 10 * DAY_MS);
    const enquiry = await seedEnquiry(db(), { submitted_at: submitted.toISOString() });
    expect((await send('DELETE', `/api/contact-submissions/${enquiry.id}`)).statusCode).toBe(204);
    const item = await inBin('enquiry', enquiry.id);
    const deadline = new Date(submitted);
    deadline.setUTCMonth(deadline.getUTCMonth() + 24);
    expect(item!.purgeAt).toBe(deadline.toISOString());
    expect(Date.parse(item!.purgeAt)).toBeLessThan(Date.parse(item!.deletedAt) + BIN_KEEP_DAYS * DAY_MS);
  });

  it('deletes for good only what is in the Bin, and then it is gone from the Bin too', async () => {
    const post = await createPost();
    // Not binned: delete for good refuses and leaves it alone.
    const refused = await send('DELETE', `/api/admin/bin/post/${post.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: `There is no post ${post.id} in the Bin.`, code: 'NOT_FOUND' });
    expect((await subject.app.inject(`/api/blog/${post.slug}`)).statusCode).toBe(200);

    expect((await send('DELETE', `/api/admin/blog/${post.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/bin/post/${post.id}`)).statusCode).toBe(204);
    expect(await db().selectFrom('blog_posts').where('id', '=', post.id).selectAll().execute()).toEqual([]);
    expect(await inBin('post', post.id)).toBeUndefined();
    expect((await send('DELETE', `/api/admin/bin/post/${post.id}`)).statusCode).toBe(404);
    expect((await send('POST', `/api/admin/bin/post/${post.id}/restore`)).statusCode).toBe(404);
    // The slug is free again once the post is gone for good.
    expect((await send('POST', '/api/admin/blog', postInput({ slug: post.slug }))).statusCode).toBe(201);
  });

  it('answers 404 with a clear message for hostile or unknown kinds and ids, never 400 or 500', async () => {
    const enquiry = await seedEnquiry(db());
    const paths = [
      ['enquiry', 'abc'],
      ['enquiry', '0'],
      ['enquiry', '-1'],
      ['enquiry', '1e3'],
      ['enquiry', '01'],
      ['enquiry', '9'.repeat(16)],
      ['enquiry', '9'.repeat(99)],
      ['enquiry', '%201'],
      ['enquiry', '1.5'],
      ['enquiry', String(enquiry.id)], // exists, but is not in the Bin
      ['enquiry', '999999'],
      ['user', '1'],
      ['__proto__', '1'],
      ['constructor', '1'],
      ['Enquiry', '1'],
    ];
    for (const [kind, id] of paths) {
      for (const [method, url] of [
        ['POST', `/api/admin/bin/${kind}/${id}/restore`],
        ['DELETE', `/api/admin/bin/${kind}/${id}`],
      ] as const) {
        const response = await send(method, url);
        expect(response.statusCode, `${method} ${url.slice(0, 60)}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('in the Bin') });
      }
    }
    // The enquiry that was never binned is untouched.
    expect((await get(`/api/contact-submissions?q=${enquiry.firstName}`)).json<{ id: number }[]>()).toHaveLength(1);
  });

  it('says which posts use an image, through their content or featured image, before it is deleted', async () => {
    const image = await uploadBinnable();
    const other = await uploadBinnable();
    const inContent = await createPost({
      title: 'Uses it inline',
      content: `<p>Look:</p><img src="${image.variants[0]!.path}" alt="">`,
    });
    const featured = await createPost({ title: 'Uses it as featured image', featuredImage: image.path });
    const binnedUser = await createPost({ title: 'Binned user', featuredImage: image.path });
    await createPost({ title: 'Uses the other one', featuredImage: other.path });
    expect((await send('DELETE', `/api/admin/blog/${binnedUser.id}`)).statusCode).toBe(204);

    const usage = await get(`/api/admin/images/${image.id}/usage`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json<ImageUsage>().posts).toEqual([
      { id: featured.id, title: 'Uses it as featured image' },
      { id: inContent.id, title: 'Uses it inline' },
    ]);
    expect((await get('/api/admin/images/999999/usage')).statusCode).toBe(404);
    expect((await get('/api/admin/images/abc/usage')).statusCode).toBe(404);
  });

  it('empties itself: the daily job deletes for good what was binned 30 days ago, once across processes', async () => {
    const now = Date.now();
    const oldPost = await createPost();
    const newPost = await createPost();
    const oldImage = await uploadBinnable();
    const oldEnquiry = await seedEnquiry(db(), { submitted_at: new Date(now).toISOString() });
    for (const [table, id, daysAgo] of [
      ['blog_posts', oldPost.id, BIN_KEEP_DAYS + 1],
      ['blog_posts', newPost.id, BIN_KEEP_DAYS - 1],
      ['images', oldImage.id, BIN_KEEP_DAYS + 1],
      ['contact_submissions', oldEnquiry.id, BIN_KEEP_DAYS + 1],
    ] as const) {
      await db()
        .updateTable(table)
        .set({ deleted_at: new Date(now - daysAgo * DAY_MS).toISOString() })
        .where('id', '=', id)
        .execute();
    }
    // Two processes start their retention job at once; the claim lets one of them run it.
    const logged: object[] = [];
    const log = { info: (object: object) => logged.push(object), error: (object: object) => logged.push(object) };
    const jobs = [subject.features.startRetention(log), subject.features.startRetention(log)];
    await Promise.all(jobs.map((job) => job.firstRun));
    jobs.forEach((job) => job.stop());

    expect(logged.filter((entry) => 'emptied' in entry)).toEqual([{ emptied: 3, days: BIN_KEEP_DAYS }]);
    const ids = (await binList()).map((item) => `${item.kind}:${item.id}`);
    expect(ids).toContain(`post:${newPost.id}`);
    expect(ids).not.toContain(`post:${oldPost.id}`);
    expect(await db().selectFrom('image_files').where('image_id', '=', oldImage.id).selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('contact_submissions').where('id', '=', oldEnquiry.id).selectAll().execute()).toEqual(
      [],
    );
    // With the clock moved on two days, the younger one goes too.
    expect(await subject.features.bin.emptyExpired(new Date(now + 2 * DAY_MS))).toBe(1);
    expect(await inBin('post', newPost.id)).toBeUndefined();
  });
});
