/**
 * Page-cache lookups in this process, read by GET /metrics. pages.ts records each lookup; a plain
 * module counter keeps the page cache itself free of any metrics code.
 */
export const pageCacheStats = {
  hits: 0,
  misses: 0,
  record(hit: boolean): void {
    if (hit) this.hits += 1;
    else this.misses += 1;
  },
};
