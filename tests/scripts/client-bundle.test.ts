import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The built bundle, read from dist/ as `npm run build` leaves it: no browser is needed to see what
 * a page would load. It must run after the build; without one it fails, saying so.
 */
const tree = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(tree, 'dist/client');
const serverDir = path.join(tree, 'dist/server');
const manifestFile = path.join(clientDir, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverDir)) {
    throw new Error(
      `No build in ${path.relative(tree, path.dirname(clientDir))}/: these tests read the built bundle. ` +
        'Run `npm run build` first.',
    );
  }
  return JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** Chunks reachable from `starts` through static imports: what loading those chunks loads. */
function staticallyReachable(manifest: Manifest, starts: string[]): Set<string> {
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
const publicChunks = (manifest: Manifest) =>
  staticallyReachable(
    manifest,
    Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [key] : [])),
  );

// Strings only admin code contains: its messages, its API paths, Radix dialogs.
const adminMarkers = [
  'Invalid API key. Please log in again.',
  'Your session has ended. Please sign in again.',
  'Edit Submission',
  'export.csv',
  'Moved to the Bin.',
];

describe('the public bundle stays public', () => {
  it('makes no admin module an entry chunk or a static import of one', () => {
    const keys = [...publicChunks(readManifest())];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.startsWith('src/web/admin/') && key !== 'src/web/admin/AdminRoute.tsx')).toEqual(
      [],
    );
  });

  it('puts no admin code in what public pages load, while the lazy admin chunk has it', () => {
    const manifest = readManifest();
    const text = (key: string) => fs.readFileSync(path.join(clientDir, manifest[key]!.file), 'utf8');
    const publicCode = [...publicChunks(manifest)].map(text).join('\n');
    expect(adminMarkers.filter((marker) => publicCode.includes(marker))).toEqual([]);
    // The markers are real: the lazy admin chunk and the chunks it imports (the bundler moves code
    // two admin screens share into a chunk of its own) have them, otherwise this could never fail.
    const adminCode = [...staticallyReachable(manifest, ['src/web/admin/AdminApp.tsx'])].map(text).join('\n');
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

describe('the browser bundle holds no server code', () => {
  it('has no client script, public or admin, with the OpenAPI route or swagger', () => {
    readManifest();
    const clientCode = scripts(clientDir).join('\n');
    expect(clientCode.length).toBeGreaterThan(0);
    expect(serverOnlyMarkers.filter((marker) => clientCode.toLowerCase().includes(marker))).toEqual([]);
    // The markers are real: the server build has every one (otherwise this test could never fail).
    const serverCode = scripts(serverDir).join('\n');
    expect(serverOnlyMarkers.filter((marker) => !serverCode.includes(marker))).toEqual([]);
  });
});
