import { staticPublicPaths } from '../../../shared/routes';
import type { FeaturePlugin } from '../../context';
import { seoRoutes } from './routes';
import type { SitemapSource } from './sitemap';

export type { SitemapEntry, SitemapSource } from './sitemap';

/**
 * The sitemap and robots.txt. The sitemap lists the fixed public pages and what `featureSources`
 * add (every published post, dated by its last change, from the blog).
 */
export function createSeoFeature(featureSources: readonly SitemapSource[]) {
  const sitemapSources: readonly SitemapSource[] = [
    async () => staticPublicPaths.map((path) => ({ path })),
    ...featureSources,
  ];
  /** Every page the sitemap lists, read now: also the site's own pages for the visit counts (decision 0065). */
  const pages: SitemapSource = async () => (await Promise.all(sitemapSources.map((source) => source()))).flat();
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(seoRoutes, { ...context, sitePages: pages });
  };
  return { routes, pages };
}
