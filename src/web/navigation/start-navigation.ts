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
  createAnnouncer();
  prefetchOnIntent();
  if (navigationApi) interceptWithNavigationApi(navigationApi);
  else interceptWithHistory();
}
