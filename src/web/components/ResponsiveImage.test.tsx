import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './ResponsiveImage';

describe('ResponsiveImage', () => {
  it('derives srcset, the largest WebP and dimensions from a library address, lazy by default', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="/images/3/abcdef0123456789-800x600/original.jpg" alt="Pupils" sizes="50vw" />,
    );
    expect(html).toContain('src="/images/3/abcdef0123456789-800x600/800.webp"');
    expect(html).toContain(
      `srcSet="${[160, 320, 480, 640, 720, 800].map((width) => `/images/3/abcdef0123456789-800x600/${width}.webp ${width}w`).join(', ')}"`,
    );
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('width="800"');
    expect(html).toContain('height="600"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });

  it('loads the main image eagerly and first', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="/images/3/abcdef0123456789-800x600/original.jpg" alt="" priority />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('does not repeat the srcset of an eager image in a preload link', () => {
    const html = renderToString(
      <main>
        <ResponsiveImage src="/images/3/abcdef0123456789-800x600/original.jpg" alt="" priority />
        <ResponsiveImage src="/images/4/abcdef0123456789-800x600/original.jpg" alt="" eager />
      </main>,
    );
    expect(html).not.toContain('rel="preload"');
    expect(html.match(/\/800\.webp 800w/g)).toHaveLength(2);
    // Without the <picture>, React writes one for each.
    const bare = renderToString(<img src="/a.webp" srcSet="/a.webp 800w" alt="" loading="eager" />);
    expect(bare).toContain('rel="preload"');
  });

  it('falls back to a plain image for addresses it did not make', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="https://cdn.example/x.png" alt="x" width={40} height={40} />,
    );
    expect(html).toContain('src="https://cdn.example/x.png"');
    expect(html).not.toContain('srcSet');
    expect(html).toContain('width="40"');
  });
});
