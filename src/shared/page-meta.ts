import { siteUrl } from './clean-path';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the page's own path. */
  canonicalPath?: string;
  robots?: string;
  ogType?: 'website' | 'article';
  imagePath?: string;
  jsonLd?: readonly object[];
  /** Open Graph article tags, for ogType 'article'. */
  article?: { publishedTime?: string; modifiedTime?: string; section?: string; tags?: readonly string[] };
  /** Other formats of this page, such as the blog's RSS feed. */
  alternates?: readonly { type: string; href: string; title: string }[];
}

export type HeadEntry =
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; json: object };

export const defaultShareImagePath = '/og-image.png';

/** Turns page metadata into head elements; the server prints them and the browser applies them. */
export function headEntries(meta: PageMeta, publicUrl: string, currentPath: string): HeadEntry[] {
  // Built, not parsed: a visitor's path such as '//evil.example/x' or '//%00' stays on this site.
  const canonical = siteUrl(publicUrl, meta.canonicalPath ?? currentPath);
  const image = new URL(meta.imagePath ?? defaultShareImagePath, publicUrl).href;
  const entries: HeadEntry[] = [
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    { tag: 'meta', attrs: { property: 'og:type', content: meta.ogType ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:title', content: meta.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    // X reads the title, description and image from the Open Graph tags when its own are absent.
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
  ];
  const article = meta.article;
  if (article) {
    const add = (property: string, content: string | undefined) => {
      if (content) entries.push({ tag: 'meta', attrs: { property, content } });
    };
    add('article:published_time', article.publishedTime);
    add('article:modified_time', article.modifiedTime);
    add('article:section', article.section);
    for (const tag of article.tags ?? []) add('article:tag', tag);
  }
  for (const alternate of meta.alternates ?? []) {
    const href = new URL(alternate.href, publicUrl).href;
    entries.push({ tag: 'link', attrs: { rel: 'alternate', type: alternate.type, href, title: alternate.title } });
  }
  if (meta.robots) entries.push({ tag: 'meta', attrs: { name: 'robots', content: meta.robots } });
  for (const json of meta.jsonLd ?? []) {
    entries.push({ tag: 'script', attrs: { type: 'application/ld+json' }, json });
  }
  return entries;
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can close it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
