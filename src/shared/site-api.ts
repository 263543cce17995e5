import type { OfferedTimes } from './bookings/bookings';
import type { BlogCategoryCount, BlogListQuery, BlogPage, BlogPost, BlogPostSummary } from './blog/blog';
import type { ShowcaseImages } from './images/images';
import type { SettingKey, SettingValue } from './settings/settings';
import type { SiteFacts } from './site-facts/site-facts';

/**
 * The data the pages read while the server renders them (src/server/site-api.ts answers it from
 * the database). Public pages have no other data path: the browser gets their HTML
 * (docs/decisions/0052-in-place-navigation.md).
 */
export interface SiteApi {
  getSetting(key: SettingKey): Promise<SettingValue>;
  /** The centre's facts in use (decision 0059): details, prices, hours, testimonials, FAQ. */
  getSiteFacts(): Promise<SiteFacts>;
  /** One page of published posts; search wins over category (docs/product.md#blog-list). */
  getBlogPage(query: BlogListQuery & { page: number }): Promise<BlogPage>;
  getBlogCategories(): Promise<BlogCategoryCount[]>;
  /** A published post, or null for a missing or draft slug. */
  getBlogPost(slug: string): Promise<BlogPost | null>;
  getRelatedPosts(slug: string): Promise<BlogPostSummary[]>;
  /** The newest image of each home-page place (hero, tuition cards). */
  getShowcaseImages(): Promise<ShowcaseImages>;
  /** The free assessment's times a parent may book now (issue 41): read fresh for every render. */
  getOfferedTimes(): Promise<OfferedTimes>;
}
