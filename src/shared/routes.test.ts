import { describe, expect, it } from 'vitest';
import { matchPath, navLinks, paths } from './routes';

describe('matchPath', () => {
  it('matches fixed paths exactly', () => {
    expect(matchPath('/contact', '/contact')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/contact', '/contact/more')).toBeNull();
    expect(matchPath('/blog', '/blogs')).toBeNull();
  });

  it('decodes parameters', () => {
    expect(matchPath('/blog/:slug', '/blog/gcse-tips')).toEqual({ slug: 'gcse-tips' });
    expect(matchPath('/blog/:slug', '/blog/caf%C3%A9')).toEqual({ slug: 'café' });
  });

  it('refuses a malformed escape instead of throwing', () => {
    expect(matchPath('/blog/:slug', '/blog/%E0%A4%A')).toBeNull();
  });
});

describe('navigation', () => {
  it('has the eight links of docs/product.md#header in order, including the brand route', () => {
    expect(navLinks.map((link) => link.label)).toEqual([
      'Home',
      'Primary Tuition',
      'Secondary Tuition',
      'Subjects',
      'Exam Resits',
      'Blog',
      'Why Northstar?',
      'Contact',
    ]);
    expect(paths.why).toBe('/why-northstar');
  });
});
