import { countShowingsTheServerMissed } from './count-showing';
import { interceptWithHistory } from './history-fallback';
import { interceptWithNavigationApi, navigationApi } from './navigation-api';
import { createAnnouncer } from './page-swap';
import { prefetchOnIntent } from './prefetch-on-intent';

/**
 * Links and the blog's search between public pages navigate without reloading the page (decision
 * 0052): the next page's server-rendered HTML is fetched and its content drawn in place, while the
 * ticker, header and toast region stay alive. The Navigation API where the browser has it, the
 * History API otherwise; until this script has run, and whenever something fails, a link is a
 * plain link.
 */
export function startInPlaceNavigation(): void {
  // The live region waits for a quiet moment: adding it makes the browser lay the page out again.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(createAnnouncer, { timeout: 2000 });
  else setTimeout(createAnnouncer, 200);
  prefetchOnIntent();
  countShowingsTheServerMissed();
  if (navigationApi) interceptWithNavigationApi(navigationApi);
  else interceptWithHistory();
}
