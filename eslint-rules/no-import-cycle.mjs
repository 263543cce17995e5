import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No import cycles, counting every import: static, type-only, re-exports, `import()` and
 * `typeof import()`. import-x/no-cycle leaves type-only imports out (they vanish from the build)
 * and has no option to count them, so a cycle made of `import type` went unseen (decision 0057).
 *
 * Only relative imports are followed: a package cannot import our files back. The linted file's
 * imports come from its syntax tree; the files they lead to are read from disk with TypeScript's
 * own import scanner (`preProcessFile`, much cheaper than a parse) and remembered until they change.
 */
const extensions = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

/** file -> { mtimeMs, imports, seenInRun }; `seenInRun` spares a stat per visit within one file's check. */
const scanned = new Map();
let run = 0;

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, as the bundler and Node resolve it; null for packages. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find(isFile) ?? null;
}

function importsOf(file) {
  // Stylesheets, JSON and images import nothing of ours.
  if (!extensions.includes(path.extname(file))) return [];
  const entry = scanned.get(file);
  if (entry?.seenInRun === run) return entry.imports;
  const { mtimeMs } = fs.statSync(file);
  if (entry?.mtimeMs === mtimeMs) {
    entry.seenInRun = run;
    return entry.imports;
  }
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map(({ fileName }) => resolveImport(file, fileName)).filter(Boolean))];
  scanned.set(file, { mtimeMs, imports, seenInRun: run });
  return imports;
}

/** The shortest chain of imports from `start` back to `goal` (both included), or null. */
function routeBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const imported of importsOf(next)) {
      if (cameFrom.has(imported)) continue;
      cameFrom.set(imported, next);
      if (imported === goal) {
        const route = [];
        for (let file = goal; file !== null; file = cameFrom.get(file)) route.unshift(file);
        return route;
      }
      queue.push(imported);
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both sides need to a module neither imports.' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (!path.isAbsolute(filename)) return {};
    run += 1;
    const root = context.cwd;
    const check = (node, specifier) => {
      const target = typeof specifier === 'string' ? resolveImport(filename, specifier) : null;
      if (!target || target === filename) return;
      const route = routeBack(target, filename);
      if (!route) return;
      const names = [filename, ...route].map((file) => path.relative(root, file));
      context.report({ node, messageId: 'cycle', data: { route: names.join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.source?.value),
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
