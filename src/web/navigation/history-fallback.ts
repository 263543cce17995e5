import { plainLinkClick } from '../lib/plain-link-click';
import { isPublicPage, pageKey } from './page-address';
import { pageAt } from './page-fetch';
import { whileLoading } from './page-swap';
import { showPage } from './show-page';

/** What a history entry made here remembers: where the page was scrolled when it was left. */
interface EntryState {
  scrollY?: number;
}

/** The page the document shows now, to tell a page change from a move to a #fragment. */
let shownPage = pageKey(new URL(window.location.href));
/** Only the newest navigation draws: a slow answer to an earlier click is dropped. */
let latest = 0;

function rememberScroll(): void {
  history.replaceState({ ...(history.state as EntryState | null), scrollY: window.scrollY }, '');
}

/** Fetches and draws `url`; for a new visit first adds the history entry, for Back/Forward restores the scroll position. */
async function navigate(url: URL, traverse?: EntryState): Promise<void> {
  const id = ++latest;
  const page = await whileLoading(pageAt(url)).catch(() => null);
  if (id !== latest) return;
  if (!page) {
    // What cannot be drawn here loads normally (Back and Forward have already moved the address).
    if (traverse) window.location.reload();
    else window.location.assign(url);
    return;
  }
  if (!traverse) {
    rememberScroll();
    // The page already shown, asked for again, replaces its entry, as the browser does.
    if (pageKey(url) === shownPage) history.replaceState({}, '', page.url.href + url.hash);
    else history.pushState({}, '', page.url.href + url.hash);
  }
  shownPage = pageKey(page.url);
  const shown = await showPage(page, traverse ? { y: traverse.scrollY ?? 0 } : { hash: url.hash });
  if (!shown) window.location.reload();
}

/** A click the browser would turn into a plain navigation of this tab to a public page. */
function inPlaceLink(event: MouseEvent): URL | null {
  const url = plainLinkClick(event);
  if (!url || !isPublicPage(url)) return null;
  // A move within the same page (a #fragment) stays the browser's.
  if (pageKey(url) === shownPage && url.hash) return null;
  return url;
}

/** A GET form to a public page (the blog search), as the browser would have sent it. */
function inPlaceForm(event: SubmitEvent): URL | null {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || form.method !== 'get' || (form.target && form.target !== '_self')) return null;
  const url = new URL(form.action);
  if (!isPublicPage(url)) return null;
  const fields = new FormData(form, event.submitter);
  url.search = new URLSearchParams([...fields].map(([name, value]) => [name, String(value)])).toString();
  return url;
}

/**
 * For browsers without the Navigation API: the same in-place navigation through the History API
 * (decision 0052). Listeners on the document see a click or a submit after the page's own
 * handlers (the islands' forms prevent theirs), so only what would have been a plain navigation
 * of this tab is taken over. The scroll position of each entry is kept in its state.
 */
export function interceptWithHistory(): void {
  history.scrollRestoration = 'manual';
  // A reload, or a return from another site, is the browser's again: let it restore the position.
  window.addEventListener('pagehide', () => {
    rememberScroll();
    history.scrollRestoration = 'auto';
  });
  window.addEventListener('pageshow', () => (history.scrollRestoration = 'manual'));

  document.addEventListener('click', (event) => {
    const url = inPlaceLink(event);
    if (!url) return;
    event.preventDefault();
    void navigate(url);
  });
  document.addEventListener('submit', (event) => {
    const url = inPlaceForm(event);
    if (!url) return;
    event.preventDefault();
    void navigate(url);
  });
  window.addEventListener('popstate', (event) => {
    const url = new URL(window.location.href);
    if (pageKey(url) === shownPage) return;
    void navigate(url, (event.state as EntryState | null) ?? {});
  });
}
