import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The public web flows one way (decision 0067): eslint.config.js's zones refuse an import that runs
 * back up, and a way into a feature other than its index.ts. Each case lints one line as a file at
 * the given place in the real tree, with the project's own configuration.
 */
const tree = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: tree });

async function zoneMessages(file: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\n`, { filePath: path.join(tree, file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe("the public web's direction", () => {
  // The first lint loads the configuration, its plugins and the type-aware parser: tens of seconds
  // on a busy two-core machine, which the first case paid inside its own time-out. Loaded here
  // once, under a ceiling of its own (not a speed check), each case then lints only its line.
  beforeAll(() => zoneMessages('src/web/lib/Probe.ts', 'export const probe = 1;'), 120_000);

  it.each([
    ['src/web/components/Probe.ts', "export { blogQueries } from '../features/blog';", 'components/ imports only'],
    ['src/web/lib/Probe.ts', "export { Fold } from '../components/Fold';", 'lib/ imports only'],
    ['src/web/features/blog/Probe.ts', "export { HomePage } from '../../pages/HomePage';", 'A feature imports only'],
    ['src/web/pages/Probe.ts', "export { startIslands } from '../islands/loader';", 'A page imports'],
    ['src/web/islands/Probe.ts', "export const page = () => import('../pages/HomePage');", "The browser's runtime"],
    ['src/web/pages/Probe.ts', "export { blogQueries } from '../features/blog/queries';", 'through its index.ts'],
    ['src/web/features/blog/Probe.ts', "export { submitContact } from '../enquiries/api';", 'through its index.ts'],
    ['src/web/admin/Probe.ts', "export { blogQueries } from '../features/blog/queries';", 'through its index.ts'],
    ['src/web/islands/loader.ts', "export const form = () => import('../features/enquiries/ContactForm');", 'index.ts'],
  ])('refuses, in %s, %s', async (file, line, message) => {
    expect(await zoneMessages(file, line)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['src/web/pages/Probe.ts', "export { blogQueries } from '../features/blog';"],
    ['src/web/features/blog/Probe.ts', "export { ContactFormIsland } from '../enquiries';"],
    ['src/web/features/blog/Probe.ts', "export { Fold } from '../../components/Fold';"],
    ['src/web/components/Probe.ts', "export { useSiteFacts } from '../lib/site-data';"],
    // The island registry alone reaches a feature's file, so each island is a chunk of its own.
    ['src/web/islands/registry.ts', "export const form = () => import('../features/enquiries/ContactForm');"],
  ])('allows, in %s, %s', async (file, line) => {
    expect(await zoneMessages(file, line)).toEqual([]);
  });
});
