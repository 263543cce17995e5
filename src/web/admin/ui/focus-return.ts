import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where keyboard focus goes when what held it goes away (decision 0064): back to the control that
 * opened a dialog, or, when that control is gone or disabled, to the nearest thing still on screen
 * that stood for it (its card, the card that took its place, its section). Without this, focus
 * falls to the page body and the next Tab starts again at "Skip to main content".
 */

/** Containers that may take focus in place of a control inside them: cards, named sections, the page. */
const HOME = '[data-focus-home], li[aria-label], section[aria-labelledby], main';
const IN_DIALOG = '[role="dialog"], [role="alertdialog"]';

export interface FocusMemory {
  element: HTMLElement;
  /** The element's homes, nearest first; after the nearest, the cards beside it (one may replace it). */
  fallbacks: HTMLElement[];
}

/**
 * A control disabled while its action runs (Preview's "Preparing...", Add note's "Adding..."): focus
 * waits on its card meanwhile, and is given back once the control can take it again.
 */
let parked: { control: HTMLElement; home: Element } | null = null;

/** Notes the focused element and what could stand in for it, before it is covered or removed. */
export function rememberFocus(focused: Element | null = document.activeElement): FocusMemory | null {
  // Focus waiting on a card for its control stands for that control (a dialog opened by a Preview
  // that was busy a moment ago goes back to Preview).
  const element = parked && focused === parked.home && parked.control.isConnected ? parked.control : focused;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const homes: HTMLElement[] = [];
  for (
    let home = element.closest<HTMLElement>(HOME);
    home;
    home = home.parentElement?.closest<HTMLElement>(HOME) ?? null
  ) {
    homes.push(home);
  }
  const [nearest, ...outer] = homes;
  const beside = [nearest?.nextElementSibling, nearest?.previousElementSibling].filter(
    (sibling): sibling is HTMLElement => sibling instanceof HTMLElement && sibling.matches(HOME),
  );
  return { element, fallbacks: nearest ? [nearest, ...beside, ...outer] : [] };
}

const usable = (element: HTMLElement) =>
  element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0;

/** Focuses the remembered element if it can still take focus, otherwise its first surviving fallback. */
export function restoreFocus(memory: FocusMemory | null): boolean {
  if (!memory) return false;
  if (usable(memory.element)) {
    memory.element.focus();
    return document.activeElement === memory.element;
  }
  const home = memory.fallbacks.find(usable);
  if (!home) return false;
  // A card or section is not a tab stop; -1 lets it hold focus so the next Tab continues inside it.
  if (!home.hasAttribute('tabindex')) home.setAttribute('tabindex', '-1');
  // Without scrolling: the home is where the control was, and a whole card or <main> brought into
  // view would move the page under the pointer.
  home.focus({ preventScroll: true });
  return document.activeElement === home;
}

/**
 * For a dialog: remembers what had focus when `open` turned true, and gives the handler for Radix's
 * onCloseAutoFocus that puts focus back there (Radix returns it only to a Dialog.Trigger, which
 * our dialogs, opened from state, do not have).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<FocusMemory | null>(null);
  // A layout effect runs before the dialog's own focus trap (an effect) moves focus inside it.
  useLayoutEffect(() => {
    if (open) opener.current = rememberFocus();
  }, [open]);
  return (event) => {
    event.preventDefault();
    restoreFocus(opener.current);
  };
}

/**
 * For the whole admin: when the focused control disappears or is disabled (Retry e-mail once the
 * mail is queued again, Add note while it saves, Delete once its card is in the Bin), focus moves
 * to its card or the card beside it instead of the page body. Focus inside dialogs is left to
 * useReturnFocus.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let last: FocusMemory | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (parked && target !== parked.home) parked = null; // Moved on: the control is not waited for.
      if (target && target !== document.body && !target.closest(IN_DIALOG)) last = rememberFocus(target);
      else if (target?.closest(IN_DIALOG)) last = null;
    };
    const rescue = () => {
      if (parked && document.activeElement === parked.home && usable(parked.control)) {
        parked.control.focus();
        parked = null;
        return;
      }
      if (!last || (document.activeElement && document.activeElement !== document.body)) return;
      if (usable(last.element)) return; // Focus left on purpose (a click on the page), not lost.
      const lost = last.element;
      if (!restoreFocus(last)) return;
      parked = lost.isConnected ? { control: lost, home: document.activeElement! } : null;
      last = rememberFocus();
    };
    // Focus going somewhere (a click or Tab to another control) is not lost: rescuing it would take
    // focus from the control being pressed, and the press with it.
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) queueMicrotask(rescue);
    };
    const observer = new MutationObserver(rescue);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      parked = null;
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
