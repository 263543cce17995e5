/**
 * The beacon a public page sends when it is shown without the server having counted it
 * (`POST /api/page-views`, decision 0065): shared by the page's script and the server.
 */

/** Where a showing of the not-found screen is counted, whatever address showed it. */
export const NOT_FOUND_PAGE = '/404';

/** One showing's id (the page makes 128 random bits in hex), so the same showing sent twice counts once. */
export const SHOWING_ID_PATTERN = /^[\w-]{16,64}$/;

/** What the beacon says: the page shown (path and query, or NOT_FOUND_PAGE) and the showing's id. */
export interface PageShown {
  page: string;
  showing?: string;
}
