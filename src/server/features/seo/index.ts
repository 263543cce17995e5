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
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(seoRoutes, { ...context, sitemapSources });
  };
  return { routes };
}
