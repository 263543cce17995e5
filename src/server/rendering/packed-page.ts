import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings a page is stored in; `identity` is the page as it is. */
export type Coding = 'br' | 'gzip' | 'identity';
export const storedCodings: readonly Coding[] = ['identity', 'br', 'gzip'];

/** A rendered page before it is encoded. */
export interface RenderedPage {
  status: number;
  html: string;
  /** Sent with Cross-Origin-Opener-Policy: the admin application's pages, not public ones (decision 0043). */
  isolated: boolean;
  /** Drawn from data that changes without a staff write (the times offered, decision 0072): never stored by the page cache. */
  fresh?: boolean;
}

/** A page as bytes, ready to write: encoded to UTF-8 once, compressed once per coding. */
export interface PackedPage {
  status: number;
  isolated: boolean;
  bodies: Partial<Record<Coding, Buffer>> & { identity: Buffer };
  /** A strong ETag per coding: the same page in two codings is two different byte sequences. */
  etags: Partial<Record<Coding, string>>;
  /** What the page holds in memory, for the cache's byte bound. */
  bytes: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Measured on the home page (82 KB) and /blog (66 KB): brotli quality 11 is about 10% smaller
 * than 5-6 but takes 65-80 ms instead of 1-3 ms. A cached page is compressed once per cache
 * lifetime, in the thread pool, while the previous copy is still being served, so small pages
 * get 11; an unusually large page (a very long post) gets 5 so it never holds a thread for long.
 */
export const brotliQuality = (bytes: number) => (bytes <= 128 * 1024 ? 11 : 5);
/**
 * Quality for pages few people share (odd query strings, 404s): anyone can make up such an
 * address per request, so its compression must cost what a fresh render does, not 70 ms.
 */
const quickBrotliQuality = 5;
/** gzip 9 saves under 1% over 6 on these pages for twice the time. */
const gzipLevel = 6;

function compress(body: Buffer, coding: Exclude<Coding, 'identity'>, quick: boolean): Promise<Buffer> {
  if (coding === 'gzip') return gzip(body, { level: gzipLevel });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quick ? quickBrotliQuality : brotliQuality(body.length),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

const suffix: Record<Coding, string> = { identity: '', br: '-br', gzip: '-gz' };

/**
 * Encodes a page once and compresses it into each of `codings` (identity is always kept); `quick`
 * for pages that are not worth the best compression (see quickBrotliQuality).
 */
export async function packPage(
  page: RenderedPage,
  codings: readonly Coding[],
  { quick = false }: { quick?: boolean } = {},
): Promise<PackedPage> {
  const identity = Buffer.from(page.html, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const bodies: PackedPage['bodies'] = { identity };
  await Promise.all(
    codings.map(async (coding) => {
      if (coding !== 'identity') bodies[coding] = await compress(identity, coding, quick);
    }),
  );
  const etags: PackedPage['etags'] = {};
  let bytes = 0;
  for (const coding of storedCodings) {
    const body = bodies[coding];
    if (!body) continue;
    etags[coding] = `"${hash}${suffix[coding]}"`;
    bytes += body.length;
  }
  return { status: page.status, isolated: page.isolated, bodies, etags, bytes };
}
