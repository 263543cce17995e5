import fs from 'node:fs';
import path from 'node:path';

/**
 * Unit tests whose answers hang on the Node.js line itself (decision 0076): those of code that reads
 * `Intl` (each Node ships its own ICU, which words dates and times), the UK clock rules
 * (shared/london-time) or Node's version. CI runs the unit project once, on Node 20, and these
 * again on Node 24. Found by reading the test and the file it is named after, so a new test of
 * such code joins without a list to keep.
 */
const readsTheRuntime = /\bIntl\.|\btoLocale\w*\(|process\.versions?\b|london-time/;

export function runtimeDependentTests(unitTests) {
  return unitTests.filter((test) => {
    const subject = test.replace(/\.test\.(tsx?|mjs)$/, '');
    const sources = [test, ...['.ts', '.tsx', '.mjs'].map((extension) => subject + extension)];
    return sources.some((file) => fs.existsSync(file) && readsTheRuntime.test(fs.readFileSync(file, 'utf8')));
  });
}

/** Files under `roots` ending in one of `suffixes`, as paths relative to the working folder. */
export function filesEndingIn(roots, suffixes) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (suffixes.some((suffix) => entry.name.endsWith(suffix))) found.push(full);
    }
  };
  for (const root of roots) if (fs.existsSync(root)) walk(root);
  return found;
}
