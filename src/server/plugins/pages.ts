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

const notFoundBody = { error: 'Not found', code: 'NOT_FOUND' };

/**
 * Renders every page on the server. The catch-all route loses to API routes and built files, so
 * everything else is a page, or the Not-found screen with a 404.
 */
export function registerPages(app: FastifyInstance, config: Config, api: SiteApi, assets: ClientAssets) {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));

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
    const page = await render({
      url: request.url,
      api,
      shell: {
        showAdminLink: showsAdminLink(request, config),
        publicUrl: config.publicUrl,
        year: new Date().getFullYear(),
        retentionMonths: config.retentionMonths,
      },
    });
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(documentHtml(page, assets, config.publicUrl));
  });
}
