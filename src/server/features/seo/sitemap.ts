import type { AppContext } from '../../context';
import { staticPublicPaths } from '../../../shared/routes';
import { blogSitemapEntries } from '../blog/sitemap';

export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

/**
 * Where sitemap entries come from. The blog adds a source listing its published posts; every
 * source runs on each request, so new pages appear without a restart.
 */
export type SitemapSource = (context: AppContext) => Promise<readonly SitemapEntry[]>;

export const sitemapSources: SitemapSource[] = [
  async () => staticPublicPaths.map((path) => ({ path })),
  // Every published post, dated by its last change.
  async ({ database }) =>
    (await blogSitemapEntries(database)).map((entry) => ({ path: entry.path, lastModified: entry.lastmod })),
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, `${publicUrl}/`).href)}</loc>`;
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    return `<url>${loc}${lastmod}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
  );
}
