import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SiteApi } from '../../shared/site-api';
import { render as renderFromBuild } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { documentHtml } from './document';
import { type CachedPage, PageCache } from './page-cache';
import { pageCacheStats } from './page-cache-stats';

const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The Admin link shows only on local hosts and those listed in ADMIN_LINK_HOSTS (PRODUCT.md). */
function showsAdminLink(request: FastifyRequest, config: Config): boolean {
  const host = request.hostname.toLowerCase();
  return localHosts.has(host) || config.adminLinkHosts.includes(host);
}

const notFoundBody = { error: 'Not found', code: 'NOT_FOUND' };

/**
 * Renders every page on the server. The catch-all route loses to API routes and built files, so
 * everything else is a page, or the Not-found screen with a 404.
 */
/** Renders one page; npm run dev passes one that reloads the page code after each edit. */
export type RenderPage = typeof renderFromBuild;

export function registerPages(
  app: FastifyInstance,
  config: Config,
  api: SiteApi,
  assets: ClientAssets,
  render: RenderPage = renderFromBuild,
) {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));
  const cache = new PageCache(config.pageCacheMs);
  cache.clearOnWrites(app);

  const send = (reply: FastifyReply, page: CachedPage) =>
    reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);

  app.get('/*', async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send(notFoundBody);
    }
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // One address per page: /blog/ and /blog are the same page for search engines.
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      return reply.redirect(search ? `${trimmed}?${search}` : trimmed, 301);
    }
    const showAdminLink = showsAdminLink(request, config);
    const cacheKey = `${showAdminLink}|${request.url}`;
    const cached = cache.get(cacheKey);
    pageCacheStats.record(cached !== undefined);
    if (cached) return send(reply, cached);

    const rendered = await render({
      url: request.url,
      api,
      shell: {
        showAdminLink,
        publicUrl: config.publicUrl,
        year: new Date().getFullYear(),
        retentionMonths: config.retentionMonths,
      },
    });
    const page = { status: rendered.status, html: documentHtml(rendered, assets, config.publicUrl) };
    cache.set(cacheKey, page);
    return send(reply, page);
  });
}
