import { blogFeedPath, blogFeedTitle } from '../../../shared/blog/blog';
import { blogPostPath } from '../../../shared/routes';
import { escapeXml } from '../../xml';
import type { BlogPostRow } from './repo';

/** RSS 2.0 of the newest published posts; the excerpt is the description (plain text, no HTML). */
/** `businessName`: the name in use when the feed is read (the site facts, decision 0059). */
export function rssFeed(posts: readonly BlogPostRow[], publicUrl: string, businessName: string): string {
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
    `<title>${escapeXml(blogFeedTitle(businessName))}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<description>${escapeXml(`Study tips, exam preparation advice and news from ${businessName}.`)}</description>`,
    '<language>en-GB</language>',
    `<atom:link href="${escapeXml(publicUrl + blogFeedPath)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
    `<ttl>60</ttl>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
