import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { clientEntry } from './client-assets';

/** A client build as Vite lays it out, small enough to write in the test. */
function writeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.js'), 'console.log("hi")');
  fs.writeFileSync(path.join(dir, 'assets', 'vendor-def456.js'), 'export const x = 1');
  fs.writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.css'), 'body{}/* </style> */');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const manifest = {
    [clientEntry]: {
      file: 'assets/entry-client-abc123.js',
      isEntry: true,
      css: ['assets/entry-client-abc123.css'],
      imports: ['_vendor'],
    },
    _vendor: { file: 'assets/vendor-def456.js' },
    'src/web/pages/SubjectsPage.tsx': {
      file: 'assets/SubjectsPage-aaa111.js',
      isDynamicEntry: true,
      imports: ['_vendor', '_cards'],
    },
    _cards: { file: 'assets/InfoCards-bbb222.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('built client files', () => {
  let subject: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = writeClientBuild();
    subject = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await subject.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('references the entry script and its imports, and writes its styles into every page', async () => {
    const html = (await subject.app.inject('/')).body;
    expect(html).toContain('<script type="module" src="/assets/entry-client-abc123.js" fetchpriority="low"></script>');
    // Inlined, with nothing able to close the style element early.
    expect(html).toContain('<style>body{}/* <\\/style> */</style>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/vendor-def456.js" fetchpriority="low">');
  });

  it("preloads a lazy page's own chunks with that page only, and nothing twice", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads((await subject.app.inject('/subjects')).body)).toEqual([
      '/assets/vendor-def456.js',
      '/assets/SubjectsPage-aaa111.js',
      '/assets/InfoCards-bbb222.js',
    ]);
    expect(preloads((await subject.app.inject('/')).body)).toEqual(['/assets/vendor-def456.js']);
  });

  it('caches hashed assets for a year as immutable, other files for an hour', async () => {
    const asset = await subject.app.inject('/assets/entry-client-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await subject.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps the build manifest private and missing assets a plain 404', async () => {
    expect((await subject.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
    const missing = await subject.app.inject('/assets/gone-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
