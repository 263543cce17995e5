import type { FastifyInstance } from 'fastify';

export interface CachedPage {
  status: number;
  html: string;
}

/**
 * A short-lived cache of rendered pages ("microcaching"). Pages are the same for every visitor,
 * so under load most requests are answered without rendering. Any successful API write clears
 * the whole cache, so staff see their change on the next page load; other app instances that
 * share a PostgreSQL database catch up when the entries expire (ttlMs, a second or two).
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage & { expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, page: CachedPage): void {
    if (this.ttlMs <= 0) return;
    // Oldest first: a flood of distinct URLs (random query strings) evicts, it never grows memory.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...page, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  /** Clears the cache after every successful change made through the API. */
  clearOnWrites(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) this.clear();
    });
  }
}
