import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const clientDir = path.resolve('dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** Chunks reachable from `starts` through static imports: what loading those chunks loads. */
function staticallyReachable(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  starts.forEach(visit);
  return seen;
}

/** What every public page loads: the entries and their static imports. */
const publicChunks = () =>
  staticallyReachable(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [key] : [])));

// Strings only admin code contains: its messages, its API paths, Radix dialogs.
const adminMarkers = [
  'Invalid API key. Please log in again.',
  'Your session has ended. Please sign in again.',
  'Edit Submission',
  'export.csv',
  'Moved to the Bin.',
];

test.describe('the public bundle stays public', () => {
  test('no admin module is an entry chunk or statically imported by one', () => {
    const keys = [...publicChunks()];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.startsWith('src/web/admin/') && key !== 'src/web/admin/AdminRoute.tsx')).toEqual(
      [],
    );
  });

  test('what public pages load contains no admin code, while the lazy admin chunk does', () => {
    const text = (key: string) => fs.readFileSync(path.join(clientDir, manifest[key]!.file), 'utf8');
    const publicCode = [...publicChunks()].map(text).join('\n');
    expect(adminMarkers.filter((marker) => publicCode.includes(marker))).toEqual([]);
    // The markers are real: the lazy admin chunk and the chunks it imports (the bundler moves code
    // two admin screens share into a chunk of its own) have them, otherwise this could never fail.
    const adminCode = [...staticallyReachable(['src/web/admin/AdminApp.tsx'])].map(text).join('\n');
    expect(adminMarkers.filter((marker) => !adminCode.includes(marker))).toEqual([]);
  });
});

// What only the server's API description uses: its address and the packages that build it.
const serverOnlyMarkers = ['/api/openapi.json', '@fastify/swagger', 'fastify-type-provider-zod', 'swagger'];
const scripts = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));

test.describe('the browser bundle holds no server code', () => {
  test('no client script, public or admin, contains the OpenAPI route or swagger', () => {
    const clientCode = scripts(clientDir).join('\n');
    expect(clientCode.length).toBeGreaterThan(0);
    expect(serverOnlyMarkers.filter((marker) => clientCode.toLowerCase().includes(marker))).toEqual([]);
    // The markers are real: the server build has every one (otherwise this test could never fail).
    const serverCode = scripts(path.resolve('dist/server')).join('\n');
    expect(serverOnlyMarkers.filter((marker) => !serverCode.includes(marker))).toEqual([]);
  });
});
