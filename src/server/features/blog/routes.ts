import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { blogFeedPath, blogPageSize, type BlogPage } from '../../../shared/blog/blog';
import {
  blogCategoryCountSchema,
  blogPostSchema,
  blogPostSummarySchema,
  blogRevisionSchema,
} from '../../../shared/blog/responses';
import { blogPostInputSchema } from '../../../shared/blog/schemas';
import { pagingQuerySchema } from '../../../shared/paging';
import type { FeaturePlugin } from '../../context';
import { actingFor } from '../../auth/principal';
import { notFound } from '../../errors';
import { answers, noContent, notJson } from '../../responses';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import { rssFeed } from './feed';
import type { BlogRepo } from './repo';
import type { BlogService } from './service';

type PagingQuery = z.output<typeof pagingQuerySchema>;

/**
 * The public lists answer a plain JSON array of posts, as docs/product.md#api-blog has it, one page at
 * a time; the totals travel in headers so a client that only wants the list is unaffected.
 */
function sendPage(reply: FastifyReply, result: BlogPage) {
  return reply
    .header('cache-control', 'no-cache')
    .header('x-total-count', String(result.total))
    .header('x-total-pages', String(result.totalPages))
    .header('x-page', String(result.page))
    .header('x-page-size', String(result.pageSize))
    .send(result.posts);
}

const pagingDefaults = (query: PagingQuery) => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? blogPageSize,
});

const searchQuery = pagingQuerySchema.extend({
  q: z
    .string({ error: 'Enter something to search for' })
    .trim()
    .min(1, 'Enter something to search for')
    .max(200, 'Search text must be at most 200 characters'),
});
const slugParams = z.object({ slug: z.string() });
const postList = answers({ 200: z.array(blogPostSummarySchema) });
const onePost = answers({ 200: blogPostSchema });
const postIdParams = idParams((raw) => `There is no blog post with id ${raw}.`);

const revisionParams = postIdParams.extend({
  revisionId: idParams((raw) => `There is no revision ${raw} of this post.`).shape.id,
});

export const blogRoutes: FeaturePlugin<{
  repo: BlogRepo;
  blog: BlogService;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, { config, repo, blog, record, siteFacts }) => {
  app.get('/api/blog', { schema: { querystring: pagingQuerySchema, response: postList } }, async (request, reply) => {
    const { page, pageSize } = pagingDefaults(request.query);
    return sendPage(reply, await blog.listPublished({}, page, pageSize));
  });

  app.get('/api/blog/search', { schema: { querystring: searchQuery, response: postList } }, async (request, reply) => {
    const { q } = request.query;
    const { page, pageSize } = pagingDefaults(request.query);
    return sendPage(reply, await blog.listPublished({ q }, page, pageSize));
  });

  app.get(
    '/api/blog/category/:category',
    { schema: { querystring: pagingQuerySchema, params: z.object({ category: z.string() }), response: postList } },
    async (request, reply) => {
      const { page, pageSize } = pagingDefaults(request.query);
      return sendPage(reply, await blog.listPublished({ category: request.params.category }, page, pageSize));
    },
  );

  app.get(
    '/api/blog/categories',
    { schema: { response: answers({ 200: z.array(blogCategoryCountSchema) }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return blog.categories();
    },
  );

  app.get('/api/blog/:slug', { schema: { params: slugParams, response: onePost } }, async (request, reply) => {
    const post = await blog.publishedPost(request.params.slug);
    if (!post) throw notFound('Blog post not found');
    reply.header('cache-control', 'no-cache');
    return post;
  });

  app.get('/api/blog/:slug/related', { schema: { params: slugParams, response: postList } }, async (request, reply) => {
    const related = await blog.related(request.params.slug);
    if (!related) throw notFound('Blog post not found');
    reply.header('cache-control', 'no-cache');
    return related;
  });

  app.get(blogFeedPath, { schema: { response: answers({ 200: notJson('RSS 2.0 XML') }) } }, async (_request, reply) => {
    const [posts, facts] = await Promise.all([repo.recentPublished(50), siteFacts()]);
    const xml = rssFeed(posts, config.publicUrl, facts.details.name);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  // Staff routes: under /api/admin/ so the admin hook guards them, for editors (decision 0058).
  // Each write goes to the access log, so "who changed this post" has an answer.
  const editor = { role: 'editor' } as const;
  const post = (id: number) => ({ kind: 'post', id }) as const;
  app.get(
    '/api/admin/blog',
    { config: editor, schema: { response: answers({ 200: z.array(blogPostSchema) }) } },
    async () => {
      return blog.adminList();
    },
  );

  app.post(
    '/api/admin/blog',
    { config: editor, schema: { body: blogPostInputSchema, response: answers({ 201: blogPostSchema }) } },
    async (request, reply) => {
      const created = await blog.create(request.body);
      await record(request, { action: 'post.create', target: post(created.id) });
      reply.code(201);
      return created;
    },
  );

  app.put(
    '/api/admin/blog/:id',
    { config: editor, schema: { params: postIdParams, body: blogPostInputSchema, response: onePost } },
    async (request) => {
      const updated = await blog.update(request.params.id, request.body);
      await record(request, { action: 'post.update', target: post(request.params.id) });
      return updated;
    },
  );

  app.get(
    '/api/admin/blog/:id/revisions',
    { config: editor, schema: { params: postIdParams, response: answers({ 200: z.array(blogRevisionSchema) }) } },
    async (request) => {
      return blog.revisions(request.params.id);
    },
  );

  app.post(
    '/api/admin/blog/:id/revisions/:revisionId/restore',
    { config: editor, schema: { params: revisionParams, response: onePost } },
    async (request) => {
      // Bringing back an earlier text is a change of the post like any other.
      const restored = await blog.restoreRevision(request.params.id, request.params.revisionId);
      await record(request, { action: 'post.update', target: post(request.params.id) });
      return restored;
    },
  );

  app.delete(
    '/api/admin/blog/:id',
    { config: editor, schema: { params: postIdParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      await blog.delete(request.params.id, actingFor(request));
      await record(request, { action: 'post.bin', target: post(request.params.id) });
      return reply.code(204).send();
    },
  );
};
