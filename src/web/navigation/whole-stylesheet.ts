import { applyWholeStylesheet } from '../islands/page-behaviour';

/** Resolves once a stylesheet link has been applied (or has failed: the page then shows as it can). */
const applied = (link: HTMLLinkElement) =>
  link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });

/**
 * A page's inline CSS covers only that page (decision 0012), so before another page is drawn in
 * its place the whole stylesheet must apply, from the head, where a swap does not remove it: the
 * one prefetched there (decision 0044) or, on a page with a fold, a copy of the one linked at the
 * fold (decision 0040). Both are in the browser's cache by then; waiting for them means the new
 * page is never drawn unstyled.
 */
export async function wholeStylesheetInHead(): Promise<void> {
  applyWholeStylesheet();
  const inHead = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-stylesheet]')];
  const hrefs = new Set(inHead.map((link) => link.href));
  for (const atFold of document.body.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (hrefs.has(atFold.href)) continue;
    const copy = atFold.cloneNode() as HTMLLinkElement;
    copy.dataset.stylesheet = '';
    document.head.append(copy);
    inHead.push(copy);
    hrefs.add(atFold.href);
  }
  await Promise.all(inHead.map(applied));
}
