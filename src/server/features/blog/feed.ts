import { blogFeedPath } from '../../../shared/blog';
import { blogPostPath } from '../../../shared/routes';
import { site } from '../../../shared/site';
import type { BlogPostRow } from './repo';

/** Characters XML 1.0 forbids; one of them would make the whole feed unreadable. */
const isXmlChar = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

const escapeXml = (text: string) =>
  Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0)!))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** RSS 2.0 of the newest published posts; the excerpt is the description (plain text, no HTML). */
export function rssFeed(posts: readonly BlogPostRow[], publicUrl: string): string {
  const blogUrl = `${publicUrl}/blog`;
  const newest = posts[0]?.updated_at;
  const items = posts.map((post) => {
    const link = `${publicUrl}${blogPostPath(post.slug)}`;
    return [
      '<item>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${new Date(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
      `<dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `<category>${escapeXml(post.category)}</category>`,
      `<description>${escapeXml(post.excerpt)}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(`${site.name} Blog`)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<description>${escapeXml(`Study tips, exam preparation advice and news from ${site.name}.`)}</description>`,
    '<language>en-GB</language>',
    `<atom:link href="${escapeXml(publicUrl + blogFeedPath)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    `<ttl>60</ttl>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
