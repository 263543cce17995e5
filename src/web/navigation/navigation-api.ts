import { isPublicPage, pageKey } from './page-address';
import { pageAt } from './page-fetch';
import { whileLoading } from './page-swap';
import { showPage } from './show-page';

// The Navigation API's few members used here: TypeScript's DOM library does not describe it yet.
interface NavigateEvent extends Event {
  readonly canIntercept: boolean;
  readonly hashChange: boolean;
  readonly downloadRequest: string | null;
  readonly formData: FormData | null;
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly url: string; readonly key: string };
  readonly signal: AbortSignal;
  intercept(options: {
    handler: () => Promise<void>;
    focusReset?: 'after-transition' | 'manual';
    scroll?: 'after-transition' | 'manual';
  }): void;
}
interface Navigation {
  readonly currentEntry: { readonly key: string } | null;
  addEventListener(type: 'navigate', listener: (event: NavigateEvent) => void): void;
}

/**
 * Where each history entry of this document was scrolled when it was left, by the entry's key.
 * The browser's own restoration (`scroll: 'after-transition'`) was measured landing at 0 or off
 * by hundreds of pixels when the content changes under it, so the position is put back with the
 * new content, in one update.
 */
const scrollPositions = new Map<string, number>();

export const navigationApi = (window as Window & { navigation?: Navigation }).navigation;

/**
 * With the Navigation API, every navigation of this document passes through one event: link
 * clicks, GET forms, Back and Forward. Those to a public page are taken over (decision 0052);
 * the browser keeps the address bar and the history entries; the scroll position is restored
 * on Back and Forward, the top or the #fragment otherwise, with the new content.
 * Modified clicks, `target`, downloads, other origins and POST forms never reach this handler or
 * are passed back. Anything that fails becomes a normal load of the address already shown.
 */
export function interceptWithNavigationApi(navigation: Navigation): void {
  navigation.addEventListener('navigate', (event) => {
    if (!event.canIntercept || event.hashChange || event.downloadRequest !== null || event.formData) return;
    if (event.navigationType === 'reload') return;
    const url = new URL(event.destination.url);
    if (!isPublicPage(url)) return;
    const leaving = navigation.currentEntry?.key;
    if (leaving) scrollPositions.set(leaving, window.scrollY);
    const scroll =
      event.navigationType === 'traverse' ? { y: scrollPositions.get(event.destination.key) ?? 0 } : { hash: url.hash };
    event.intercept({
      focusReset: 'manual',
      scroll: 'manual',
      handler: async () => {
        let shown = false;
        try {
          const page = await whileLoading(pageAt(url, event.signal));
          shown = page !== null && !event.signal.aborted && (await showPage(page, scroll));
          if (shown && pageKey(page!.url) !== pageKey(url)) {
            // Redirected (a trailing slash, say): the address bar shows where the page is.
            history.replaceState(history.state, '', page!.url.href + url.hash);
          }
        } catch {
          shown = false;
        }
        // A newer navigation took over; otherwise, what could not be drawn here is loaded normally.
        if (!shown && !event.signal.aborted) window.location.reload();
      },
    });
  });
}
