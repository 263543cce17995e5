import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { clientEntries } from '../rendering/client-assets';
import { type DeferredAssets, deferredAssetsLoader } from '../rendering/deferred-assets';
import { inlineScriptSource } from './security-headers';

/** What a page's deferred-assets block names (decision 0044); none on a page without one. */
const deferredAssetsOf = (html: string): DeferredAssets =>
  JSON.parse(
    /<script type="application\/json" id="deferred-assets">(.*?)<\/script>/.exec(html)?.[1] ??
      '{"modules":[],"preloads":[],"stylesheets":[]}',
  );

/** A client build as Vite lays it out, small enough to write in the test. */
function writeClientBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.js'), 'console.log("hi")');
  fs.writeFileSync(path.join(dir, 'assets', 'vendor-def456.js'), 'export const x = 1');
  fs.writeFileSync(path.join(dir, 'assets', 'entry-islands-fff999.js'), 'import "./behaviour-ccc333.js"');
  fs.writeFileSync(
    path.join(dir, 'assets', 'entry-client-abc123.css'),
    'body::after{content:"</style>"}.never-used-class{color:red}',
  );
  // The build's compressed twin (scripts/build.mjs writes one beside every text file).
  fs.writeFileSync(path.join(dir, 'assets', 'entry-client-abc123.js.br'), zlib.brotliCompressSync('console.log("hi")'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const manifest = {
    [clientEntries.app]: {
      file: 'assets/entry-client-abc123.js',
      isEntry: true,
      css: ['assets/entry-client-abc123.css'],
      imports: ['_vendor', '_behaviour'],
    },
    [clientEntries.islands]: {
      file: 'assets/entry-islands-fff999.js',
      isEntry: true,
      css: ['assets/entry-client-abc123.css'],
      imports: ['_behaviour'],
    },
    _vendor: { file: 'assets/vendor-def456.js' },
    _behaviour: { file: 'assets/behaviour-ccc333.js' },
    'src/web/pages/SubjectsPage.tsx': {
      file: 'assets/SubjectsPage-aaa111.js',
      isDynamicEntry: true,
      imports: ['_vendor'],
    },
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

  it("defers the island loader, its imports and the whole stylesheet, and inlines the page's own CSS", async () => {
    const response = await subject.app.inject('/subjects');
    const html = response.body;
    expect(html).not.toContain('entry-client-abc123.js');
    // Nothing but the page itself is requested before it is drawn: no script, preload or prefetch link.
    expect(html).not.toMatch(/<script type="module" src=|<link rel="(modulepreload|prefetch)"/);
    expect(deferredAssetsOf(html)).toEqual({
      modules: ['/assets/entry-islands-fff999.js'],
      preloads: ['/assets/behaviour-ccc333.js'],
      stylesheets: ['/assets/entry-client-abc123.css'],
    });
    // The loader is the only inline script (no speculation rules: decision 0052), and the page's CSP allows it by its hash.
    const inline = [...html.matchAll(/<script(?: type="[^"]*")?>(.*?)<\/script>/g)]
      .filter((match) => !/type="application\//.test(match[0]))
      .map((match) => match[1]!);
    expect(inline).toEqual([deferredAssetsLoader]);
    expect(String(response.headers['content-security-policy'])).toContain(inlineScriptSource(deferredAssetsLoader));
    // Only the rules the page can use, with nothing able to close the style element early.
    expect(html).toContain('<style>body::after{content:"<\\/style>"}</style>');
    expect(html).not.toContain('media="print"');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/entry-client-abc123.css"></noscript>');
  });

  it('links the whole stylesheet at the fold of a page that has one, in place of the marker', async () => {
    const html = (await subject.app.inject('/')).body;
    const [head, body] = html.split('</head>') as [string, string];
    expect(head).not.toContain('rel="stylesheet"');
    expect(body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/entry-client-abc123.css">',
    ]);
    expect(html).not.toContain('data-fold');
  });

  it('gives public pages the island loader alone and the admin area the whole application', async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    const scripts = (html: string) => [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    const subjects = (await subject.app.inject('/subjects')).body;
    expect(deferredAssetsOf(subjects).modules).toEqual(['/assets/entry-islands-fff999.js']);
    const admin = (await subject.app.inject('/admin')).body;
    expect(deferredAssetsOf(admin).modules).toEqual([]);
    expect(preloads(admin)).toEqual(['/assets/vendor-def456.js', '/assets/behaviour-ccc333.js']);
    expect(scripts(admin)).toEqual(['/assets/entry-client-abc123.js']);
    // The application draws screens the server did not: its stylesheet is loaded, not only prefetched.
    expect(admin).toContain(
      '<link rel="stylesheet" media="print" href="/assets/entry-client-abc123.css" data-stylesheet>',
    );
    expect(admin).not.toContain('rel="prefetch"');
  });

  it('caches hashed assets for a year as immutable, other files for an hour', async () => {
    const asset = await subject.app.inject('/assets/entry-client-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const compressed = await subject.app.inject({
      url: '/assets/entry-client-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("hi")');
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
