import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { hasVisibleContent, isSafeImageSource } from './blog/schemas';

/**
 * Linear time is proved by the lint rules, not by a stopwatch: eslint-plugin-regexp reports any
 * pattern that some input can drive into polynomial backtracking, and `npm test` lints all code.
 */
// ESLint loads the TypeScript parser on first use: seconds on a busy machine.
describe('regular expressions on visitor and staff input', { timeout: 60_000 }, () => {
  const eslint = new ESLint();
  const regexpProblems = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'src/shared/lint-probe.ts' });
    return result!.messages.map((message) => message.ruleId).filter((rule) => rule?.startsWith('regexp/'));
  };

  it('the project lint config rejects the quadratic patterns that were found', async () => {
    expect(await regexpProblems("export const a = (s: string) => s.replace(/<[^>]*>/g, '');\n")).toContain(
      'regexp/no-super-linear-move',
    );
    expect(await regexpProblems("export const a = (s: string) => s.replace(/\\/+$/, '');\n")).toContain(
      'regexp/no-super-linear-move',
    );
  });

  it('accepts the tag pattern the post checker uses now', async () => {
    expect(await regexpProblems("export const a = (s: string) => s.replace(/<[^<>]*>/g, '');\n")).toEqual([]);
  });

  it.each(['src/shared/blog/schemas.ts', 'src/shared/clean-path.ts', 'src/server/rendering/pages.ts'])(
    '%s has no pattern the regexp rules report',
    async (file) => {
      const [result] = await eslint.lintFiles([file]);
      expect(result!.messages.filter((message) => message.ruleId?.startsWith('regexp/'))).toEqual([]);
    },
  );

  it('still tells a body of bare "<" characters from visible text', () => {
    expect(hasVisibleContent('<'.repeat(60_000))).toBe(true);
    expect(hasVisibleContent('<p></p>'.repeat(10_000))).toBe(false);
  });
});

describe('external images in posts', () => {
  // The CSP's img-src is 'self' data: blob: https: (http/security-headers.ts): the checker may
  // accept nothing a browser would then block, and nothing that is not encrypted.
  it.each([
    ['/images/1/abc/480.webp', true],
    ['https://cdn.example/a.png', true],
    ['http://cdn.example/a.png', false],
    ['//cdn.example/a.png', false],
    ['/\\cdn.example/a.png', false],
    ['data:image/png;base64,AAAA', false],
    ['javascript:alert(1)', false],
  ])('%s: %s', (source, safe) => {
    expect(isSafeImageSource(source)).toBe(safe);
  });
});
