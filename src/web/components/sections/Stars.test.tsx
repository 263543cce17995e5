import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars } from './Stars';

describe('Stars', () => {
  it('is one labelled image whose filled part covers the rounded rating', () => {
    expect(renderToStaticMarkup(<Stars rating={5} />)).toBe(
      '<span class="star-row" role="img" aria-label="Rated 5 out of 5"><span class="w-full"></span></span>',
    );
    expect(renderToStaticMarkup(<Stars rating={3.4} label="Three" />)).toContain(
      'aria-label="Three"><span class="w-3/5">',
    );
    expect(renderToStaticMarkup(<Stars rating={4.8} />)).toContain('class="w-full"');
    expect(renderToStaticMarkup(<Stars rating={-1} />)).toContain('class="w-0"');
  });
});
