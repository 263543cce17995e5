/**
 * The few behaviours every public page has without any UI runtime (decision 0038): the header's
 * menu, F8 to the notifications, the native share button, and the deferred stylesheet. The
 * admin application runs them too, because its header and toast region are the same markup.
 */

/** The phone menu: a button and a `hidden` nav. Closes on Escape (focus back to the button) and when a link is chosen. */
function enhanceMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
  };
  toggle.addEventListener('click', () => setOpen(menu.hidden));
  // Taps made before this script arrived, counted by the page's loader (deferred-assets.ts): an
  // odd number means the visitor wanted it open.
  toggle.dataset.ready = '';
  if (Number(toggle.dataset.heldTaps ?? 0) % 2 === 1) setOpen(true);
  delete toggle.dataset.heldTaps;
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    setOpen(false);
    toggle.focus();
  });
  // A page restored from the back-forward cache comes back with its menu closed. A fresh load
  // already has it closed: writing the same attributes then would only cost a restyle.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) setOpen(false);
  });
}

/** docs/product.md#toasts: F8 moves focus to the notification region, hydrated or not. */
function enhanceToastHotkey(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    const region = document.querySelector<HTMLElement>('[data-toast-region]');
    if (!region) return;
    event.preventDefault();
    region.focus();
  });
}

/**
 * The server renders the native share button hidden: only the browser knows whether it has a
 * share sheet. Called again for the content an in-place navigation brings (navigation/).
 */
export function enhanceShareButtons(container: ParentNode): void {
  if (typeof navigator.share !== 'function') return;
  container.querySelectorAll<HTMLButtonElement>('button[data-share-url]').forEach((button) => {
    button.hidden = false;
    button.addEventListener('click', () => {
      // Cancelling the share sheet rejects; that is the visitor's choice, not an error.
      navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl }).catch(() => undefined);
    });
  });
}

/**
 * The page arrived with its own CSS inline and the whole stylesheet only prefetched (a public
 * page) or loading as "print" (the admin application), so it would not hold up the first paint
 * (decisions 0012, 0043); this applies it to the screen.
 */
export function applyWholeStylesheet(): void {
  document.querySelectorAll<HTMLLinkElement>('link[data-stylesheet]').forEach((link) => {
    if (link.rel !== 'stylesheet') link.rel = 'stylesheet';
    link.media = 'all';
  });
}

/** What a visitor does first that can need a state the inline CSS leaves out: hover, press, focus. */
const firstActs = ['pointerover', 'pointerdown', 'keydown', 'focusin'] as const;

/**
 * A public page's inline CSS draws everything on it except hovered, pressed and focused states
 * (decision 0028), so the whole stylesheet, already prefetched, applies when the visitor first
 * points, taps, presses a key or moves focus, or when an island hydrates (islands/loader.ts): it
 * is read from the browser's cache and parsed then, a moment before that hover or focus is drawn.
 * A parent who only reads never pays for parsing it or for the restyle (decisions 0040, 0043).
 */
export function applyWholeStylesheetOnFirstAct(): void {
  const apply = () => {
    applyWholeStylesheet();
    firstActs.forEach((type) => document.removeEventListener(type, apply, { capture: true }));
  };
  firstActs.forEach((type) => document.addEventListener(type, apply, { capture: true, passive: true }));
}

export function enhancePage(): void {
  enhanceMobileMenu();
  enhanceToastHotkey();
  enhanceShareButtons(document);
}
