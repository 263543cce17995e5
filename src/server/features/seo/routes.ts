import type { FeaturePlugin } from '../../context';
import { staticPublicPaths } from '../../../shared/routes';
import { blogSitemapEntries } from '../blog/sitemap';
import { type SitemapSource, sitemapXml } from './sitemap';

/** The fixed public pages, and every published post dated by its last change. */
const sitemapSources: readonly SitemapSource[] = [
  async () => staticPublicPaths.map((path) => ({ path })),
  async ({ database, clock }) => blogSitemapEntries(database, clock),
];

/** /sitemap.xml with every public page, and /robots.txt keeping crawlers out of /admin. */
export const seoRoutes: FeaturePlugin = async (app, context) => {
  const { publicUrl } = context.config;

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = (await Promise.all(sitemapSources.map((source) => source(context)))).flat();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl, entries));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
};
