import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache';
import type { RenderedPage } from './packed-page';

/** A render function that counts its calls and answers when told to (or at once). */
function renderer(html = 'home') {
  let count = 0;
  let version = 0;
  const waiting: Array<() => void> = [];
  let gated = false;
  return {
    get count() {
      return count;
    },
    gate() {
      gated = true;
    },
    release() {
      gated = false;
      waiting.splice(0).forEach((resume) => resume());
    },
    render: async (): Promise<RenderedPage> => {
      count++;
      const mine = ++version;
      if (gated) await new Promise<void>((resume) => waiting.push(resume));
      return { status: 200, html: `${html} ${mine}`, isolated: false };
    },
  };
}

const text = (page: { bodies: { identity: Buffer } }) => page.bodies.identity.toString('utf8');
const plain = { commonAddress: true, coding: 'identity' } as const;

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('PageCache', () => {
  it('keeps a page for its time to live, then serves it stale while one request re-renders it', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 2000, staleMs: 10_000, now: time.now });
    const home = renderer();

    expect(text(await cache.page('/', plain, home.render))).toBe('home 1');
    time.advance(1999);
    expect(text(await cache.page('/', plain, home.render))).toBe('home 1');
    expect(home.count).toBe(1);

    time.advance(1);
    home.gate();
    // Expired: the old copy is answered at once, and exactly one re-render starts.
    const answers = await Promise.all([1, 2, 3].map(() => cache.page('/', plain, home.render)));
    expect(answers.map(text)).toEqual(['home 1', 'home 1', 'home 1']);
    expect(home.count).toBe(2);
    home.release();
    // The successor replaces the old copy once it is rendered and compressed.
    await vi.waitFor(async () => expect(text(await cache.page('/', plain, home.render))).toBe('home 2'));
    expect(home.count).toBe(2);
  });

  it('waits for a new render once a page is older than the stale bound', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 2000, staleMs: 10_000, now: time.now });
    const home = renderer();
    await cache.page('/', plain, home.render);
    time.advance(12_000);
    expect(text(await cache.page('/', plain, home.render))).toBe('home 2');
  });

  it('renders a page once for many concurrent requests that miss', async () => {
    const cache = new PageCache({ ttlMs: 2000 });
    const home = renderer();
    home.gate();
    const pending = Array.from({ length: 20 }, () => cache.page('/', plain, home.render));
    home.release();
    const pages = await Promise.all(pending);
    expect(home.count).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('stores every page in brotli and gzip whose bytes decompress to the page', async () => {
    const cache = new PageCache({ ttlMs: 2000 });
    const page = await cache.page('/', plain, async () => ({
      status: 200,
      html: 'Café menu '.repeat(500),
      isolated: false,
    }));
    expect(zlib.brotliDecompressSync(page.bodies.br!)).toEqual(page.bodies.identity);
    expect(zlib.gunzipSync(page.bodies.gzip!)).toEqual(page.bodies.identity);
    expect(page.bodies.identity.toString('utf8')).toBe('Café menu '.repeat(500));
    expect(new Set(Object.values(page.etags)).size).toBe(3);
    expect(page.bytes).toBe(page.bodies.identity.length + page.bodies.br!.length + page.bodies.gzip!.length);
  });

  it('renders every request, in the coding asked for only, when its time to live is zero', async () => {
    const cache = new PageCache({ ttlMs: 0 });
    const home = renderer();
    await cache.page('/', plain, home.render);
    const page = await cache.page('/', { commonAddress: true, coding: 'br' }, home.render);
    expect(home.count).toBe(2);
    expect(Object.keys(page.bodies).sort()).toEqual(['br', 'identity']);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used pages to stay within its byte bound', async () => {
    const html = 'x'.repeat(1000);
    const probe = await new PageCache({ ttlMs: 2000 }).page('p', plain, async () => ({
      status: 200,
      html,
      isolated: false,
    }));
    // Room for three pages in the common part (seven eighths of the bound).
    const cache = new PageCache({ ttlMs: 2000, maxBytes: Math.ceil((probe.bytes * 3 * 8) / 7) + 8 });
    const renders: Record<string, number> = {};
    const load = (key: string) =>
      cache.page(key, plain, async () => {
        renders[key] = (renders[key] ?? 0) + 1;
        return { status: 200, html, isolated: false };
      });
    for (const key of ['/a', '/b', '/c']) await load(key);
    await load('/a'); // now /b is the least recently used
    await load('/d');
    expect(cache.bytes).toBeLessThanOrEqual(probe.bytes * 3);
    await load('/a');
    await load('/c');
    expect(renders).toEqual({ '/a': 1, '/b': 1, '/c': 1, '/d': 1 });
    await load('/b');
    expect(renders['/b']).toBe(2);
  });

  it('keeps odd addresses and error pages to an eighth of the bound, so a flood cannot evict real pages', async () => {
    const html = 'y'.repeat(1000);
    const probe = await new PageCache({ ttlMs: 2000 }).page('p', plain, async () => ({
      status: 200,
      html,
      isolated: false,
    }));
    const cache = new PageCache({ ttlMs: 2000, maxBytes: probe.bytes * 16 });
    const home = renderer(html);
    const homePage = await cache.page('/', plain, home.render);
    for (let index = 0; index < 100; index++) {
      const odd = { commonAddress: false, coding: 'identity' } as const;
      await cache.page(`/?q=${index}`, odd, async () => ({ status: 200, html, isolated: false }));
      await cache.page(`/missing-${index}`, plain, async () => ({ status: 404, html, isolated: false }));
    }
    expect(cache.bytes).toBeLessThanOrEqual(homePage.bytes + (probe.bytes * 16) / 8);
    await cache.page('/', plain, home.render);
    expect(home.count).toBe(1);
  });

  it('does not store a render that started before the cache was cleared', async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    const home = renderer();
    home.gate();
    const before = cache.page('/', plain, home.render);
    cache.clear();
    home.release();
    expect(text(await before)).toBe('home 1');
    expect(text(await cache.page('/', plain, home.render))).toBe('home 2');
  });
});

describe('compression by address', () => {
  // Repetitive but not trivial text, so brotli's qualities give different bytes.
  const html = Array.from({ length: 3000 }, (_, index) => `<p class="c${index % 97}">line ${index * 7919}</p>`).join(
    '',
  );
  const brotliAt = (quality: number) =>
    zlib.brotliCompressSync(Buffer.from(html), {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });

  it('gives a shared page the best brotli and a made-up address the quick one', async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    const render = async (): Promise<RenderedPage> => ({ status: 200, html, isolated: false });
    const shared = await cache.page('/blog', { commonAddress: true, coding: 'br' }, render);
    const madeUp = await cache.page('/blog?x=1', { commonAddress: false, coding: 'br' }, render);
    expect(brotliAt(11)).not.toEqual(brotliAt(5));
    expect(shared.bodies.br).toEqual(brotliAt(11));
    expect(madeUp.bodies.br).toEqual(brotliAt(5));
    expect(zlib.brotliDecompressSync(madeUp.bodies.br!).toString()).toBe(html);
  });
});
