import { ByteLru } from './byte-lru';
import { type Coding, type PackedPage, packPage, type RenderedPage, storedCodings } from './packed-page';

export interface PageCacheOptions {
  /** How long a page is fresh; 0 turns the cache off (every request renders). */
  ttlMs: number;
  /** How long past that an expired page may still be served while one request re-renders it. */
  staleMs?: number;
  /** The bound on the bytes held, all codings of all pages together. */
  maxBytes?: number;
  /** Told when a background re-render fails (the expired copy keeps being served meanwhile). */
  onRefreshError?: (error: unknown) => void;
  now?: () => number;
}

interface Entry {
  page: PackedPage;
  freshUntil: number;
  staleUntil: number;
}

/**
 * A short-lived cache of rendered pages as bytes ("microcaching"). Pages are the same for every
 * visitor, so under load most requests are answered without rendering, encoding or compressing:
 * - a page is rendered once and stored UTF-8 encoded, brotli- and gzip-compressed (packed-page.ts);
 * - concurrent requests for a page that is not cached share one render (single flight);
 * - an expired page is served, for at most `staleMs`, while one request renders its successor, so
 *   an expiry never makes a crowd of requests render at once;
 * - the cache is bounded by bytes; addresses with query strings and pages that are not 200 get
 *   an eighth of it, so a flood of made-up addresses cannot push the real pages out.
 * A page drawn from data the public changes (the times offered, decision 0072) is rendered for
 * its request and never stored.
 * A staff write retires it through the shared content generation in the cache key (pages.ts), so
 * staff see their change on the next page load in every process; public enquiries leave it alone.
 */
export class PageCache {
  private readonly common: ByteLru<Entry>;
  private readonly odd: ByteLru<Entry>;
  private readonly flights = new Map<string, Promise<PackedPage>>();
  /** Bumped by clear(): a render that started before the clear must not store what it read. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  private readonly onRefreshError: (error: unknown) => void;

  constructor({
    ttlMs,
    staleMs = 30_000,
    // Per process (decision 0028): / is about 75 KB in all three codings, so 16 MB holds a couple
    // of hundred pages and keeps a worker under 150 MB even when it is full.
    maxBytes = 16 * 1024 * 1024,
    onRefreshError = () => {},
    now = Date.now,
  }: PageCacheOptions) {
    this.ttlMs = ttlMs;
    this.staleMs = staleMs;
    this.now = now;
    this.onRefreshError = onRefreshError;
    this.odd = new ByteLru(Math.floor(maxBytes / 8));
    this.common = new ByteLru(maxBytes - Math.floor(maxBytes / 8));
  }

  /**
   * The page at `key`, from the cache or from `render`. `coding` is what this request will be
   * sent; with the cache off, only that coding is produced.
   */
  async page(
    key: string,
    { commonAddress, coding }: { commonAddress: boolean; coding: Coding },
    render: () => Promise<RenderedPage>,
  ): Promise<PackedPage> {
    if (this.ttlMs <= 0) return packPage(await render(), [coding], { quick: true });
    const fresh = this.fresh(key);
    if (fresh) return fresh;
    const entry = this.common.get(key) ?? this.odd.get(key);
    if (entry && this.now() < entry.staleUntil) {
      this.renderOnce(key, commonAddress, render).catch(this.onRefreshError);
      return entry.page;
    }
    return this.renderOnce(key, commonAddress, render);
  }

  /** The page at `key` if it is cached and still fresh: the synchronous answer a crowd mostly gets. */
  fresh(key: string): PackedPage | undefined {
    const entry = this.common.get(key) ?? this.odd.get(key);
    return entry && this.now() < entry.freshUntil ? entry.page : undefined;
  }

  private renderOnce(key: string, commonAddress: boolean, render: () => Promise<RenderedPage>): Promise<PackedPage> {
    const inFlight = this.flights.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const flight = render()
      .then((rendered) => {
        // Only the pages people share get the slow, best compression; made-up addresses get quick.
        const shared = commonAddress && rendered.status === 200 && !rendered.fresh;
        return packPage(rendered, storedCodings, { quick: !shared }).then((page) => {
          // A fresh page serves the requests that shared its render, and no one after.
          if (generation === this.generation && !rendered.fresh) this.store(key, page, shared);
          return page;
        });
      })
      .finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      });
    this.flights.set(key, flight);
    return flight;
  }

  private store(key: string, page: PackedPage, common: boolean): void {
    const freshUntil = this.now() + this.ttlMs;
    const entry = { page, freshUntil, staleUntil: freshUntil + this.staleMs };
    (common ? this.odd : this.common).delete(key);
    (common ? this.common : this.odd).set(key, entry, page.bytes);
  }

  /** The bytes held now (all codings of all pages). */
  get bytes(): number {
    return this.common.bytes + this.odd.bytes;
  }

  clear(): void {
    this.generation++;
    this.flights.clear();
    this.common.clear();
    this.odd.clear();
  }
}
