import { NOT_FOUND_PAGE } from '../../shared/analytics/page-shown';

/** The Navigation Timing members read here that TypeScript's DOM library does not describe yet. */
interface NavigationEntry extends PerformanceNavigationTiming {
  readonly activationStart?: number;
  readonly deliveryType?: string;
}

/** The not-found screen (and only pages never counted besides) is marked noindex, nofollow. */
const notFoundShown = () => document.querySelector('meta[name="robots"][content="noindex, nofollow"]') !== null;

/** A new showing's id: 128 random bits in hex. */
const showingId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Tells the server the page at `url` (the not-found screen as such) is being shown, a showing it
 * did not see (decision 0065): drawn in place from a fetch that said it was none, or brought back
 * by the browser without asking. Its id makes a copy sent twice count once. Nothing is kept here.
 */
export function tellShown(url: URL = new URL(window.location.href)): void {
  const page = notFoundShown() ? NOT_FOUND_PAGE : url.pathname + url.search;
  const body = JSON.stringify({ page, showing: showingId() });
  const headers = { 'content-type': 'application/json' };
  void fetch('/api/page-views', { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
}

/**
 * The showings of this document the server cannot have counted: brought back from the
 * back/forward cache; loaded from the browser's cache without a request (Back and Forward may);
 * activated from the browser's own prefetch or prerender, whose request said it was none.
 */
export function countShowingsTheServerMissed(): void {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) tellShown();
  });
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => tellShown(), { once: true });
    return;
  }
  const [entry] = performance.getEntriesByType('navigation') as NavigationEntry[];
  if (!entry) return;
  const unasked = entry.transferSize === 0 || entry.deliveryType === 'navigational-prefetch';
  if (unasked || (entry.activationStart ?? 0) > 0) tellShown();
}
