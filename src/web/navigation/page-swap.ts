import { disposeIslands, observeIslands } from '../islands/loader';
import { enhanceShareButtons } from '../islands/page-behaviour';

/** Says the new page's title to screen readers: a page swapped in place is not announced as a load is. */
let announcer: HTMLElement | undefined;

/** Created at start, empty: a live region only speaks about changes made after it exists. */
export function createAnnouncer(): void {
  announcer = document.createElement('div');
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('aria-atomic', 'true');
  announcer.dataset.pageAnnouncer = '';
  // Visually hidden, by CSSOM (allowed by the CSP, unlike a style attribute).
  Object.assign(announcer.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  });
  document.body.append(announcer);
}

/** The header stays; which of its links is the current page follows the new page's header. */
function syncHeader(next: Document): void {
  const links = document.querySelectorAll('header a');
  const nextLinks = next.querySelectorAll('header a');
  if (links.length !== nextLinks.length) return;
  links.forEach((link, index) => {
    const current = nextLinks[index]!.getAttribute('aria-current');
    if (current === null) link.removeAttribute('aria-current');
    else link.setAttribute('aria-current', current);
  });
}

/**
 * Puts the page in `html` in place of the current one: the head entries that belong to a page
 * (title, description, canonical, robots, Open Graph, JSON-LD: the server marks them data-head)
 * and the main content. The ticker, header, footer and toast region stay as they are, alive.
 * Islands that leave are unmounted; those that arrive start as on a first visit. Returns false
 * when the HTML is not one of our pages, so the caller loads it the browser's way.
 */
export function swapPage(html: string): boolean {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const main = document.querySelector('main#main');
  const nextMain = next.querySelector('main#main');
  if (!main || !nextMain) return false;
  // The whole stylesheet is in the head by now (whole-stylesheet.ts); what a parsed page says
  // to browsers without script does not apply here.
  nextMain.querySelectorAll('link[rel="stylesheet"], noscript').forEach((element) => element.remove());

  document.head.querySelectorAll('[data-head]').forEach((element) => element.remove());
  document.head.append(...next.head.querySelectorAll('[data-head]'));
  document.title = next.title;
  syncHeader(next);

  disposeIslands(main);
  main.replaceWith(nextMain);
  observeIslands(nextMain);
  enhanceShareButtons(nextMain);
  return true;
}

/** After a swap: focus on the new page's heading, so keyboard and screen reader users start there, and its title said. */
export function arrive(): void {
  const main = document.querySelector<HTMLElement>('main#main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? main;
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  if (announcer) announcer.textContent = document.title;
}

let waiting = 0;

/**
 * While the next page is on its way the current one stays, marked busy; a page slower than a
 * moment shows a thin bar along the top (styles.css), so a parent on a slow line sees that the
 * tap was taken. Navigations that overlap share one mark.
 */
export async function whileLoading<T>(work: Promise<T>): Promise<T> {
  waiting += 1;
  document.body.dataset.navigating = '';
  try {
    return await work;
  } finally {
    waiting -= 1;
    if (waiting === 0) delete document.body.dataset.navigating;
  }
}

/** Runs a swap inside a view transition where the browser has them and the visitor has not asked for less motion. */
export function withViewTransition(update: () => void): Promise<void> {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (typeof document.startViewTransition !== 'function' || reduced) {
    update();
    return Promise.resolve();
  }
  const transition = document.startViewTransition(update);
  // A quick second navigation skips this transition's animation; the swap itself still happens.
  transition.ready.catch(() => undefined);
  transition.finished.catch(() => undefined);
  return transition.updateCallbackDone;
}
