import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SiteApi } from '../../shared/site-api';
import { render } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { documentHtml } from './document';

const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The Admin link shows only on local hosts and those listed in ADMIN_LINK_HOSTS (PRODUCT.md). */
function showsAdminLink(request: FastifyRequest, config: Config): boolean {
  const host = request.hostname.toLowerCase();
  return localHosts.has(host) || config.adminLinkHosts.includes(host);
}

/**
 * Renders every page path on the server. It is the not-found handler, so API routes and built
 * files win and everything else is a page, or the Not-found screen with a 404.
 */
export function registerPages(app: FastifyInstance, config: Config, api: SiteApi, assets: ClientAssets) {
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    }
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // One address per page: /blog/ and /blog are the same page for search engines.
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      return reply.redirect(search ? `${trimmed}?${search}` : trimmed, 301);
    }
    const page = await render({
      url: request.url,
      api,
      shell: {
        showAdminLink: showsAdminLink(request, config),
        publicUrl: config.publicUrl,
        year: new Date().getFullYear(),
      },
    });
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(documentHtml(page, assets, config.publicUrl));
  });
}
