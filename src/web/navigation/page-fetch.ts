import { isPublicPage, pageKey } from './page-address';

/** A public page's HTML as the server sends it (the same cached bytes as a first visit). */
export interface FetchedPage {
  /** Where the answer came from, after any redirect (a trailing slash, say). */
  url: URL;
  html: string;
  /** The page itself, not the not-found page: only it is counted as a view when shown. */
  found: boolean;
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
async function load(url: URL, signal?: AbortSignal, prefetch = false): Promise<FetchedPage | null> {
  // A prefetch says so, and the server does not count it as a view (decision 0065).
  const headers: Record<string, string> = prefetch
    ? { accept: 'text/html', purpose: 'prefetch' }
    : { accept: 'text/html' };
  const response = await fetch(url, { signal, headers, credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  const final = new URL(response.url || url.href);
  if ((!response.ok && response.status !== 404) || !type.startsWith('text/html') || !isPublicPage(final)) return null;
  return { url: final, html: await response.text(), found: response.ok };
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
  void remember(url, load(url, undefined, true)).catch(() => undefined);
}

/**
 * Tells the server a page was shown that it did not just serve for showing (a prefetch, or a copy
 * fetched for an earlier visit): the server counts views, nothing is kept here (decision 0065).
 */
function countShown(page: FetchedPage | null): FetchedPage | null {
  if (page?.found) {
    const body = JSON.stringify({ page: page.url.pathname + page.url.search });
    const headers = { 'content-type': 'application/json' };
    void fetch('/api/page-views', { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
  }
  return page;
}

/**
 * The page for a navigation: the one fetched earlier if it is fresh (then the server is told it
 * was shown), otherwise fetched now (a fetch the server counts as the view).
 */
export function pageAt(url: URL, signal?: AbortSignal): Promise<FetchedPage | null> {
  const entry = fetched.get(pageKey(url));
  if (entry && performance.now() - entry.at < FRESH_MS) return entry.page.then(countShown);
  return remember(url, load(url, signal));
}
