import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import localRules from './no-import-cycle.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Writes the files, then lints the first one as ESLint would; returns the problems' messages. */
function lint(files) {
  const names = Object.keys(files);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  const linter = new Linter({ cwd: folder });
  const config = {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { local: localRules },
    rules: { 'local/no-import-cycle': 'error' },
  };
  const first = path.join(folder, names[0]);
  return linter.verify(files[names[0]], config, { filename: first }).map((problem) => problem.message);
}

describe('no-import-cycle', () => {
  it('reports a cycle made only of type imports, naming its route', () => {
    const messages = lint({
      'types/a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
      'types/b.ts': "import { type A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(messages).toEqual([
      'Import cycle: types/a.ts -> types/b.ts -> types/a.ts. Move what both sides need to a module neither imports.',
    ]);
  });

  it('follows value imports, re-exports, index files and import() through several files', () => {
    const messages = lint({
      'long/a.tsx': "import { b } from './b';\nexport const a = () => b;\n",
      'long/b.ts': "export * from './c';\nexport const b = 1;\n",
      'long/c/index.ts': "export const c = () => import('../a');\n",
    });
    expect(messages).toEqual([
      'Import cycle: long/a.tsx -> long/b.ts -> long/c/index.ts -> long/a.tsx. Move what both sides need to a module neither imports.',
    ]);
  });

  it('accepts imports that never lead back, and packages', () => {
    const messages = lint({
      'fine/a.ts': "import { b } from './b';\nimport { z } from 'zod';\nexport const a = [b, z];\n",
      'fine/b.ts': "import type { C } from './c';\nexport const b: C = 1;\n",
      'fine/c.ts': 'export type C = number;\n',
    });
    expect(messages).toEqual([]);
  });
});
