import type { FeaturePlugin } from '../../context';
import { answers, notJson } from '../../responses';
import { type SitemapSource, sitemapXml } from './sitemap';

/** /sitemap.xml with every public page, and /robots.txt keeping crawlers out of /admin. */
export const seoRoutes: FeaturePlugin<{ sitePages: SitemapSource }> = async (app, { config, sitePages }) => {
  const { publicUrl } = config;

  app.get(
    '/sitemap.xml',
    { schema: { response: answers({ 200: notJson('Sitemap XML') }) } },
    async (_request, reply) => {
      const entries = await sitePages();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(publicUrl, entries));
    },
  );

  app.get('/robots.txt', { schema: { response: answers({ 200: notJson('robots.txt') }) } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
};
