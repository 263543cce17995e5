import { blogPageSize } from '../shared/blog';
import type { SiteApi } from '../shared/site-api';
import type { Database } from './db/connection';
import { createBlogRepo } from './features/blog/repo';
import { createBlogService } from './features/blog/service';
import { createImagesRepo } from './features/images/repo';
import { createSettingsRepo } from './features/settings/repo';

/** The pages' data source while rendering on the server: the repositories, no HTTP. */
export function createServerSiteApi(database: Database, clock: () => Date = () => new Date()): SiteApi {
  const settings = createSettingsRepo(database.db);
  const blog = createBlogService(createBlogRepo(database.db, clock), clock);
  const images = createImagesRepo(database.db);
  return {
    getSetting: (key) => settings.get(key),
    getBlogPage: ({ q, category, page }) => blog.listPublished({ q, category }, page, blogPageSize),
    getBlogCategories: () => blog.categories(),
    getBlogPost: (slug) => blog.publishedPost(slug),
    getRelatedPosts: async (slug) => (await blog.related(slug)) ?? [],
    getShowcaseImages: () => images.showcase(),
  };
}
