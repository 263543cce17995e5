import { type BlogPost, blogFeedPath, blogFeedTitle, tagList } from '../../../shared/blog/blog';
import type { PageMeta } from '../../../shared/page-meta';
import { blogPostPath } from '../../../shared/routes';
import type { SiteDetails } from '../../../shared/site-facts/site-facts';

/** The blog's feed as a page's head links it. */
export const blogFeedAlternate = ({ name }: Pick<SiteDetails, 'name'>) => ({
  type: 'application/rss+xml',
  href: blogFeedPath,
  title: blogFeedTitle(name),
});

/** Title, description, Open Graph article tags and BlogPosting JSON-LD for one post. */
export function postMeta(post: BlogPost, publicUrl: string, details: Pick<SiteDetails, 'name'>): PageMeta {
  const path = blogPostPath(post.slug);
  const url = `${publicUrl}${path}`;
  const image = post.featuredImage ? new URL(post.featuredImage, publicUrl).href : undefined;
  const published = post.publishedAt ?? post.createdAt;
  const tags = tagList(post.tags);
  return {
    title: post.metaTitle || `${post.title} | ${details.name} Blog`,
    description: post.metaDescription || post.excerpt,
    canonicalPath: path,
    ogType: 'article',
    imagePath: post.featuredImage ?? undefined,
    article: { publishedTime: published, modifiedTime: post.updatedAt, section: post.category, tags },
    alternates: [blogFeedAlternate(details)],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.metaDescription || post.excerpt,
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        datePublished: published,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.author },
        publisher: { '@type': 'Organization', name: details.name, url: publicUrl },
        articleSection: post.category,
        ...(tags.length ? { keywords: tags.join(', ') } : {}),
        ...(image ? { image } : {}),
        inLanguage: 'en-GB',
      },
    ],
  };
}
