import type { FetchedPage } from './page-fetch';
import { arrive, swapPage, withViewTransition } from './page-swap';
import { wholeStylesheetInHead } from './whole-stylesheet';

/** Draws a fetched page in place of the current one; false when it could not (the caller then loads it). */
export async function showPage(page: FetchedPage): Promise<boolean> {
  await wholeStylesheetInHead();
  let shown = false;
  await withViewTransition(() => {
    shown = swapPage(page.html);
  });
  if (shown) arrive();
  return shown;
}
