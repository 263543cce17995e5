/** A page's address as the page cache keys it. */
export interface PageAddress {
  /** The address with an empty query string dropped: `/blog?` and `/blog` are one page. */
  key: string;
  /**
   * A plain path without a query string: the addresses people and links actually use. Anything
   * else (search terms, tracking parameters, random strings) shares a small part of the cache,
   * so a flood of made-up addresses cannot push the real pages out.
   */
  common: boolean;
}

const plainPath = /^\/[\w/-]{0,200}$/;

export function pageAddress(url: string): PageAddress {
  const key = url.endsWith('?') ? url.slice(0, -1) : url;
  return { key, common: plainPath.test(key) };
}
