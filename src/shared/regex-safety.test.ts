import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { hasVisibleContent } from './blog-schema';

/**
 * Linear time is proved by the lint rules, not by a stopwatch: eslint-plugin-regexp reports any
 * pattern that some input can drive into polynomial backtracking, and `npm test` lints all code.
 */
describe('regular expressions on visitor and staff input', () => {
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

  it.each(['src/shared/blog-schema.ts', 'src/shared/clean-path.ts', 'src/server/plugins/pages.ts'])(
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
