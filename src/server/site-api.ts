import { blogPageSize } from '../shared/blog/blog';
import { londonTimeZone } from '../shared/london-time';
import type { SiteApi } from '../shared/site-api';
import type { Features } from './features/index';

/** The pages' data source while rendering on the server: the app's own features, no HTTP. */
export function createServerSiteApi({
  settings,
  blog,
  images,
  siteFacts,
  bookings,
}: Pick<Features, 'settings' | 'blog' | 'images' | 'siteFacts' | 'bookings'>): SiteApi {
  return {
    getSetting: (key) => settings.get(key),
    getSiteFacts: () => siteFacts.current(),
    getBlogPage: ({ q, category, page }) => blog.service.listPublished({ q, category }, page, blogPageSize),
    getBlogCategories: () => blog.service.categories(),
    getBlogPost: (slug) => blog.service.publishedPost(slug),
    getRelatedPosts: async (slug) => (await blog.service.related(slug)) ?? [],
    getShowcaseImages: () => images.showcase(),
    getOfferedTimes: async () => ({ timeZone: londonTimeZone, ...(await bookings.service.offered()) }),
  };
}
