import { describe, expect, it } from 'vitest';
import { headEntries, jsonForScript } from './page-meta';

describe('jsonForScript', () => {
  it('cannot close the script element it sits in', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script><!--' });
    expect(text).not.toMatch(/<|>/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });
});

describe('headEntries', () => {
  it('builds absolute canonical and share URLs from the public URL', () => {
    const entries = headEntries({ title: 'T', description: 'D' }, 'https://site.example', '/contact');
    const attrs = entries.map((entry) => entry.attrs);
    expect(attrs).toContainEqual({ rel: 'canonical', href: 'https://site.example/contact' });
    expect(attrs).toContainEqual({ property: 'og:url', content: 'https://site.example/contact' });
    expect(attrs).toContainEqual({ property: 'og:image', content: 'https://site.example/og-image.png' });
    expect(attrs.some((attr) => attr.name === 'robots')).toBe(false);
    // A large card on X, which takes its title, text and image from the Open Graph tags.
    expect(attrs).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(attrs.filter((attr) => attr.name?.startsWith('twitter:'))).toHaveLength(1);
    expect(attrs).toContainEqual({ property: 'og:title', content: 'T' });
    expect(attrs).toContainEqual({ property: 'og:description', content: 'D' });
  });

  it.each(['//evil.example/x', '//%00', '///.', '//%2f', '/\\evil.example/x'])(
    'keeps the canonical URL of %s on this site, without throwing',
    (path) => {
      const attrs = headEntries({ title: 'T', description: 'D' }, 'https://site.example', path).map(
        (entry) => entry.attrs,
      );
      const canonical = attrs.find((attr) => attr.rel === 'canonical')!.href!;
      expect(canonical).toMatch(/^https:\/\/site\.example\/(?!\/)/);
      expect(attrs).toContainEqual({ property: 'og:url', content: canonical });
    },
  );

  it('adds robots and JSON-LD only when the page asks', () => {
    const entries = headEntries(
      { title: 'T', description: 'D', robots: 'noindex, nofollow', jsonLd: [{ '@type': 'Thing' }] },
      'https://site.example',
      '/x',
    );
    expect(entries).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
    expect(entries).toContainEqual({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      json: { '@type': 'Thing' },
    });
  });
});

describe('headEntries for articles and feeds', () => {
  it('adds Open Graph article tags and an absolute alternate link', () => {
    const entries = headEntries(
      {
        title: 'T',
        description: 'D',
        ogType: 'article',
        article: { publishedTime: '2026-11-21T10:00:00.000Z', section: 'Exam Prep', tags: ['GCSE', 'Maths'] },
        alternates: [{ type: 'application/rss+xml', href: '/blog/rss.xml', title: 'Blog feed' }],
      },
      'https://site.example',
      '/blog/x',
    );
    const attrs = entries.map((entry) => entry.attrs);
    expect(attrs).toContainEqual({ property: 'og:type', content: 'article' });
    expect(attrs).toContainEqual({ property: 'article:published_time', content: '2026-11-21T10:00:00.000Z' });
    expect(attrs).toContainEqual({ property: 'article:section', content: 'Exam Prep' });
    expect(attrs.filter((attr) => attr.property === 'article:tag')).toHaveLength(2);
    expect(attrs.some((attr) => attr.property === 'article:modified_time')).toBe(false);
    expect(attrs).toContainEqual({
      rel: 'alternate',
      type: 'application/rss+xml',
      href: 'https://site.example/blog/rss.xml',
      title: 'Blog feed',
    });
  });
});
