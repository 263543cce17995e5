import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import wallClockRules from './no-wall-clock.mjs';

/** Lints one TypeScript snippet with only this rule on; returns the problems' messages. */
function lint(code) {
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { local: wallClockRules },
    rules: { 'local/no-wall-clock': 'error' },
  };
  return new Linter().verify(code, config, { filename: 'example.ts' }).map((problem) => problem.message);
}

describe('no-wall-clock', () => {
  it('reports each way of reading the wall clock, naming it', () => {
    const messages = lint('const a = new Date();\nconst b = Date.now();\nconst c = Date();\nconst d = new Date;\n');
    expect(messages).toHaveLength(4);
    expect(messages[0]).toMatch(/^new Date\(\) reads the wall clock: take the time from the clock you were given/);
    expect(messages[1]).toMatch(/^Date\.now\(\) reads the wall clock/);
    expect(messages[2]).toMatch(/^Date\(\) reads the wall clock/);
    expect(messages[3]).toMatch(/^new Date\(\) reads the wall clock/);
  });

  it('allows conversions, the clock one was given, and durations', () => {
    expect(
      lint(
        [
          "const a = new Date('2026-11-27T09:00:00Z');",
          'const b = new Date(0);',
          'const c = (clock: () => Date) => new Date(clock().getTime() + 1000);',
          'const d = Date.parse(a.toISOString());',
          'const e = performance.now();',
          'const f = Date.UTC(2026, 10, 27);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
