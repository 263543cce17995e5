import type { Database } from '../../db/connection';
import { blogPostPath } from '../../../shared/routes';
import type { SitemapEntry } from '../seo/sitemap';
import { createBlogRepo } from './repo';

/** Every published post for /sitemap.xml, with the date it last changed. */
export async function blogSitemapEntries(database: Database): Promise<SitemapEntry[]> {
  const rows = await createBlogRepo(database.db).publishedSlugs();
  return rows.map((row) => ({ path: blogPostPath(row.slug), lastModified: row.updated_at }));
}
