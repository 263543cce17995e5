import type { Database } from '../../db/connection';
import { blogPostPath } from '../../../shared/routes';
import { createBlogRepo } from './repo';

export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/** Every published post for /sitemap.xml, with the date it last changed. */
export async function blogSitemapEntries(database: Database): Promise<SitemapEntry[]> {
  const rows = await createBlogRepo(database.db).publishedSlugs();
  return rows.map((row) => ({ path: blogPostPath(row.slug), lastmod: row.updated_at }));
}
