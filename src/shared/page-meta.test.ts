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
  });

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
