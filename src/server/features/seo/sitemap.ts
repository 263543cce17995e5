import { escapeXml } from '../../xml';

export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

/**
 * Where sitemap entries come from (the list is in index.ts). Every source runs on each request,
 * so new pages appear without a restart.
 */
export type SitemapSource = () => Promise<readonly SitemapEntry[]>;

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
