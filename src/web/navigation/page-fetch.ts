import { isPublicPage, pageKey } from './page-address';

/** A public page's HTML as the server sends it (the same cached bytes as a first visit). */
export interface FetchedPage {
  /** Where the answer came from, after any redirect (a trailing slash, say). */
  url: URL;
  html: string;
}

/** How long a page fetched on intent stays usable: the server's own page cache holds it a minute. */
const FRESH_MS = 30_000;
const MAX_ENTRIES = 24;

const fetched = new Map<string, { at: number; page: Promise<FetchedPage | null> }>();

/**
 * The page, or null when the answer is not one to show in place (not HTML, a server error, a
 * redirect elsewhere): the caller then lets the browser navigate, so nothing is worse than a
 * plain link. The not-found page is a page: its 404 is shown in place.
 */
async function load(url: URL, signal?: AbortSignal): Promise<FetchedPage | null> {
  // Every fetch here says it is no showing, so the server does not count it: a page is counted
  // once drawn, by its beacon (count-showing.ts), however it was fetched (decision 0065).
  const headers = { accept: 'text/html', purpose: 'prefetch' };
  const response = await fetch(url, { signal, headers, credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  const final = new URL(response.url || url.href);
  if ((!response.ok && response.status !== 404) || !type.startsWith('text/html') || !isPublicPage(final)) return null;
  return { url: final, html: await response.text() };
}

function remember(url: URL, page: Promise<FetchedPage | null>): Promise<FetchedPage | null> {
  const key = pageKey(url);
  fetched.delete(key);
  if (fetched.size >= MAX_ENTRIES) fetched.delete(fetched.keys().next().value!);
  fetched.set(key, { at: performance.now(), page });
  // A failed fetch is not kept: the next attempt asks again.
  page.catch(() => fetched.delete(key));
  return page;
}

/** Fetches a page the visitor is likely to open next (their pointer is on its link), once. */
export function prefetchPage(url: URL): void {
  const entry = fetched.get(pageKey(url));
  if (entry && performance.now() - entry.at < FRESH_MS) return;
  void remember(url, load(url)).catch(() => undefined);
}

/** The page for a navigation: the one fetched earlier if it is fresh, otherwise fetched now. */
export function pageAt(url: URL, signal?: AbortSignal): Promise<FetchedPage | null> {
  const entry = fetched.get(pageKey(url));
  if (entry && performance.now() - entry.at < FRESH_MS) return entry.page;
  return remember(url, load(url, signal));
}
