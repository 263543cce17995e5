import { blogPostPath } from '../../../shared/routes';
import type { SitemapEntry } from '../seo';
import type { BlogRepo } from './repo';

/**
 * Every post the public can read now, for /sitemap.xml, with the date it last changed: for a post
 * written ahead and scheduled, the day it appeared.
 */
export async function blogSitemapEntries(repo: BlogRepo): Promise<SitemapEntry[]> {
  const rows = await repo.publishedSlugs();
  return rows.map((row) => ({
    path: blogPostPath(row.slug),
    lastModified: row.published_at && row.published_at > row.updated_at ? row.published_at : row.updated_at,
  }));
}
