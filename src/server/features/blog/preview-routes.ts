import type { FastifyReply } from 'fastify';
import type { BlogPost } from '../../../shared/blog/blog';
import { blogPostInputSchema } from '../../../shared/blog/schemas';
import { blogPostPath } from '../../../shared/routes';
import type { SiteApi } from '../../../shared/site-api';
import type { FeaturePlugin } from '../../context';
import { answers, notJson } from '../../responses';
import type { PageRenderer } from '../../rendering/pages';
import { idParams } from '../../validation';
import type { BlogService } from './service';

const postIdParams = idParams((raw) => `There is no blog post with id ${raw}.`);

/**
 * Staff preview (docs/product.md#drafting): the public post page, rendered by the same code, for a
 * saved post (drafts and scheduled ones too) or for the dialog's unsaved values. Under
 * /api/admin/, so the admin check guards it; never in the page cache, never stored by a browser
 * or proxy, never indexed. The admin screen fetches it with its credentials and shows it in a
 * sandboxed frame, so its scripts never run there.
 */
export const postPreviewRoutes: FeaturePlugin<{ blog: BlogService; siteApi: SiteApi; pages: PageRenderer }> = async (
  app,
  { blog, siteApi, pages },
) => {
  const sendPreview = async (reply: FastifyReply, post: BlogPost) => {
    const api: SiteApi = {
      ...siteApi,
      getBlogPost: async (slug) => (slug === post.slug ? post : siteApi.getBlogPost(slug)),
      getRelatedPosts: async (slug) => (slug === post.slug ? blog.relatedTo(post) : siteApi.getRelatedPosts(slug)),
    };
    return pages.sendPreview(reply, blogPostPath(post.slug), api);
  };

  // A preview writes nothing, so it leaves the shared content generation (and every page cache) alone.
  const readOnly = { role: 'editor', changesNoContent: true } as const;
  const response = answers({ 200: notJson('The post page (HTML), scripts removed') });

  app.get(
    '/api/admin/blog/:id/preview',
    { config: readOnly, schema: { params: postIdParams, response } },
    async (request, reply) => sendPreview(reply, await blog.savedPost(request.params.id)),
  );

  app.post(
    '/api/admin/blog/preview',
    { config: readOnly, schema: { body: blogPostInputSchema, response } },
    async (request, reply) => sendPreview(reply, await blog.preview(request.body)),
  );

  app.post(
    '/api/admin/blog/:id/preview',
    { config: readOnly, schema: { params: postIdParams, body: blogPostInputSchema, response } },
    async (request, reply) => sendPreview(reply, await blog.preview(request.body, request.params.id)),
  );
};
