import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { withResponsiveImages } from './responsive-body';

const libraryImage = '/images/7/0123456789abcdef-2000x1500/original.jpg';

/** The first image's attributes as a browser's parser reads them. */
function imageAttributes(html: string): Record<string, string> {
  const image = parseFragment(html).childNodes.find(
    (node): node is DefaultTreeAdapterTypes.Element => node.nodeName === 'img',
  );
  return Object.fromEntries((image?.attrs ?? []).map((attribute) => [attribute.name, attribute.value]));
}

describe('withResponsiveImages', () => {
  it('gives a library image its WebP variants, dimensions and lazy loading, keeping its alt text', () => {
    const html = withResponsiveImages(
      `<p>Before</p><img src="${libraryImage}" alt="Pupils &amp; tutor" /><p>After</p>`,
    );
    const image = imageAttributes(html);
    expect(image.src).toBe('/images/7/0123456789abcdef-2000x1500/1600.webp');
    expect(image.srcset).toBe(
      [160, 320, 480, 640, 720, 800, 1024, 1152, 1280, 1600]
        .map((width) => `/images/7/0123456789abcdef-2000x1500/${width}.webp ${width}w`)
        .join(', '),
    );
    expect(image.sizes).toContain('736px');
    expect(image.alt).toBe('Pupils & tutor');
    expect([image.width, image.height]).toEqual(['2000', '1500']);
    expect(image.loading).toBe('lazy');
    expect(html).toMatch(/^<p>Before<\/p><img [^>]+\/><p>After<\/p>$/);
  });

  it('leaves images from elsewhere and other markup untouched', () => {
    const html = '<p>x</p><img src="https://images.example/a.jpg" alt="A cat" /><img src="/uploads/a.png" alt="" />';
    expect(withResponsiveImages(html)).toBe(html);
  });
});
