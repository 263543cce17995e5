import type { SiteApi } from '../../../shared/site-api';
import type { AppContext, FeaturePlugin } from '../../context';
import type { PageRenderer } from '../../rendering/pages';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import { postsBinnable } from './binnable';
import { postPreviewRoutes } from './preview-routes';
import { createPublicationBoundary } from './publication-boundary';
import { createBlogRepo } from './repo';
import { blogRoutes } from './routes';
import { createBlogService } from './service';
import { blogSitemapEntries } from './sitemap';

/**
 * The blog: one repository and one service per app, its routes, and what the rest of the app reads
 * of it (the pages, the page cache's next publication time, the sitemap, the Bin, an image's users).
 */
export function createBlogFeature(
  { database, clock }: AppContext,
  { record, siteFacts }: { record: RecordAccess; siteFacts: ReadSiteFacts },
) {
  const repo = createBlogRepo(database.db, clock);
  const blog = createBlogService(repo, clock);

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(blogRoutes, { ...context, repo, blog, record, siteFacts });
  };

  /** Staff preview renders the post page with the pages' own renderer and data. */
  const previewRoutes =
    (siteApi: SiteApi, pages: PageRenderer): FeaturePlugin =>
    async (app, context) => {
      await app.register(postPreviewRoutes, { ...context, blog, siteApi, pages });
    };

  return {
    service: blog,
    routes,
    previewRoutes,
    binnable: postsBinnable(repo),
    publicationBoundary: createPublicationBoundary(repo, clock),
    sitemapEntries: () => blogSitemapEntries(repo),
    /** The posts outside the Bin that show an image, for the warning before it is deleted. */
    postsUsingImage: (imageId: number) => repo.usingImage(imageId),
  };
}
