import { describe, expect, it } from 'vitest';
import { sameOriginPath, siteUrl, trimTrailingSlashes } from './clean-path';

describe('clean paths', () => {
  it('trims trailing slashes but keeps the root', () => {
    expect(trimTrailingSlashes('/blog///')).toBe('/blog');
    expect(trimTrailingSlashes('///')).toBe('/');
    expect(trimTrailingSlashes('/')).toBe('/');
    expect(trimTrailingSlashes(`${'/'.repeat(15_000)}a/`)).toBe(`${'/'.repeat(15_000)}a`);
  });

  it.each([
    ['//evil.example/', '/evil.example/'],
    ['///evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\/\\evil.example', '/evil.example'],
    ['/blog/a', '/blog/a'],
    ['', '/'],
  ])('%s stays on this site as %s', (path, expected) => {
    expect(sameOriginPath(path)).toBe(expected);
  });

  it('builds site URLs from the public URL whatever the path holds', () => {
    expect(siteUrl('https://site.example', '//evil.example/x')).toBe('https://site.example/evil.example/x');
    for (const path of ['//%00', '///.', '//%2f'])
      expect(siteUrl('https://site.example', path)).toMatch(/^https:\/\/site\.example\//);
  });
});
