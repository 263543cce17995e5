import { tellShown } from './count-showing';
import type { FetchedPage } from './page-fetch';
import { arrive, swapPage, withViewTransition } from './page-swap';
import { wholeStylesheetInHead } from './whole-stylesheet';

/** Where the new page is shown: where it was left (Back, Forward), or at its #fragment or top (a new visit). */
export type ScrollTarget = { y: number } | { hash: string };

function placeScroll(target: ScrollTarget): void {
  if ('y' in target) return window.scrollTo(0, target.y);
  const fragment = target.hash && document.getElementById(decodeURIComponent(target.hash.slice(1)));
  if (fragment) fragment.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * Draws a fetched page in place of the current one, scrolled as asked, in the same update (so a
 * view transition shows it where it will stay), and tells the server it was shown; false when it
 * could not (the caller then loads it).
 */
export async function showPage(page: FetchedPage, scroll: ScrollTarget): Promise<boolean> {
  await wholeStylesheetInHead();
  let shown = false;
  await withViewTransition(() => {
    shown = swapPage(page.html);
    if (shown) placeScroll(scroll);
  });
  if (shown) {
    arrive();
    tellShown(page.url);
  }
  return shown;
}
