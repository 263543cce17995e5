import type { FastifyReply } from 'fastify';
import { blogFeedPath, blogPageSize, type BlogPage, maxPageSize } from '../../../shared/blog';
import type { FeaturePlugin } from '../../context';
import { badRequest, notFound } from '../../errors';
import { rssFeed } from './feed';
import { createBlogRepo } from './repo';
import { createBlogService } from './service';

type Paging = { page?: string; pageSize?: string };

function paging(query: Paging): { page: number; pageSize: number } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const pageSize = query.pageSize === undefined ? blogPageSize : Number(query.pageSize);
  if (!Number.isInteger(page) || page < 1 || page > 100_000)
    throw badRequest('page must be a whole number from 1', 'page');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    throw badRequest(`pageSize must be a whole number from 1 to ${maxPageSize}`, 'pageSize');
  }
  return { page, pageSize };
}

/**
 * The public lists answer a plain JSON array of posts, as SPEC.md section 7 has it, one page at
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

function parseId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id)) throw notFound(`There is no blog post with id ${raw}.`);
  return id;
}

export const blogRoutes: FeaturePlugin = async (app, { database, config }) => {
  const repo = createBlogRepo(database.db);
  const blog = createBlogService(repo);

  app.get<{ Querystring: Paging }>('/api/blog', async (request, reply) => {
    const { page, pageSize } = paging(request.query);
    return sendPage(reply, await blog.listPublished({}, page, pageSize));
  });

  app.get<{ Querystring: Paging & { q?: string } }>('/api/blog/search', async (request, reply) => {
    const q = (request.query.q ?? '').trim();
    if (!q) throw badRequest('Enter something to search for', 'q');
    if (q.length > 200) throw badRequest('Search text must be at most 200 characters', 'q');
    const { page, pageSize } = paging(request.query);
    return sendPage(reply, await blog.listPublished({ q }, page, pageSize));
  });

  app.get<{ Querystring: Paging; Params: { category: string } }>(
    '/api/blog/category/:category',
    async (request, reply) => {
      const { page, pageSize } = paging(request.query);
      return sendPage(reply, await blog.listPublished({ category: request.params.category }, page, pageSize));
    },
  );

  app.get('/api/blog/categories', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return blog.categories();
  });

  app.get<{ Params: { slug: string } }>('/api/blog/:slug', async (request, reply) => {
    const post = await blog.publishedPost(request.params.slug);
    if (!post) throw notFound('Blog post not found');
    reply.header('cache-control', 'no-cache');
    return post;
  });

  app.get<{ Params: { slug: string } }>('/api/blog/:slug/related', async (request, reply) => {
    const related = await blog.related(request.params.slug);
    if (!related) throw notFound('Blog post not found');
    reply.header('cache-control', 'no-cache');
    return related;
  });

  app.get(blogFeedPath, async (_request, reply) => {
    const xml = rssFeed(await repo.recentPublished(50), config.publicUrl);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  // Staff routes: under /api/admin/ so the one admin-key hook guards them (docs/decisions, issue 4).
  app.get('/api/admin/blog', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return blog.adminList();
  });

  app.post('/api/admin/blog', async (request, reply) => {
    reply.code(201);
    return blog.create(request.body);
  });

  app.put<{ Params: { id: string } }>('/api/admin/blog/:id', async (request) => {
    return blog.update(parseId(request.params.id), request.body);
  });

  app.delete<{ Params: { id: string } }>('/api/admin/blog/:id', async (_request, reply) => {
    await blog.delete(parseId(_request.params.id));
    return reply.code(204).send();
  });
};
