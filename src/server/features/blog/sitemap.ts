import type { Database } from '../../db/connection';
import { blogPostPath } from '../../../shared/routes';
import type { SitemapEntry } from '../seo/sitemap';
import { createBlogRepo } from './repo';

/**
 * Every post the public can read now, for /sitemap.xml, with the date it last changed: for a post
 * written ahead and scheduled, the day it appeared.
 */
export async function blogSitemapEntries(
  database: Database,
  clock: () => Date = () => new Date(),
): Promise<SitemapEntry[]> {
  const rows = await createBlogRepo(database.db, clock).publishedSlugs();
  return rows.map((row) => ({
    path: blogPostPath(row.slug),
    lastModified: row.published_at && row.published_at > row.updated_at ? row.published_at : row.updated_at,
  }));
}
