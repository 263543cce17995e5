import { type RefObject, useEffect, useState } from 'react';

/**
 * Where the toast stands (decision 0064): at the bottom by default, and in whichever corner covers
 * no control (a row's Delete, a version's Restore, the next card's note box). On a phone it is
 * full width, so it is at the bottom or, if that would cover a control, just under the header;
 * never over the header or a dialog's title and close button.
 */
export type ToastPlacement = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Space kept between the toast and the screen's edges (and the header). */
export const TOAST_INSET_PX = 16;
/** Below this width the toast spans the screen, so left and right are the same place. */
const PHONE_WIDTH_PX = 640;

const wide = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
const narrow = ['bottom-right', 'top-right'] as const;

/** Where a toast of `size` would be drawn at `placement`; `topInset` is the header's bottom edge. */
export function toastBox(
  placement: ToastPlacement,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  topInset: number,
): Box {
  const top = placement.startsWith('top') ? topInset + TOAST_INSET_PX : viewport.height - TOAST_INSET_PX - size.height;
  const left = placement.endsWith('left') ? TOAST_INSET_PX : viewport.width - TOAST_INSET_PX - size.width;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The first place (bottom first) that covers no control; if every place does, the one covering least. */
export function chooseToastPlacement(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  controls: readonly Box[],
  topInset: number,
): ToastPlacement {
  const candidates = viewport.width < PHONE_WIDTH_PX ? narrow : wide;
  let best: { placement: ToastPlacement; covered: number } | null = null;
  for (const placement of candidates) {
    const box = toastBox(placement, size, viewport, topInset);
    const covered = controls.reduce((sum, control) => sum + overlap(box, control), 0);
    if (covered === 0) return placement;
    if (!best || covered < best.covered) best = { placement, covered };
  }
  return best!.placement;
}

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/** The controls one can use now: inside an open dialog only when there is one (the rest is inert). */
function visibleControls(region: Element): Box[] {
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  const scope: ParentNode = dialogs.length ? dialogs[dialogs.length - 1]! : document;
  const boxes: Box[] = [];
  for (const control of scope.querySelectorAll(CONTROLS)) {
    if (region.contains(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom < 0 || rect.top > window.innerHeight) continue;
    boxes.push(rect);
  }
  return boxes;
}

/** The header's lower edge when it stays on screen (sticky); 0 once it has scrolled away. */
function headerBottom(): number {
  const header = document.querySelector('header');
  return Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
}

/**
 * Keeps the toast `shown` (its id; undefined when none) out of the way: measured when it opens,
 * and again after a scroll or a resize (once per frame) while it is shown.
 */
export function useToastPlacement(
  shown: string | undefined,
  list: RefObject<HTMLElement | null>,
): { placement: ToastPlacement; topInset: number } {
  const [where, setWhere] = useState({ placement: 'bottom-right' as ToastPlacement, topInset: 0 });
  useEffect(() => {
    if (shown === undefined) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const element = list.current;
      if (!element) return;
      const { width, height } = element.getBoundingClientRect();
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const topInset = headerBottom();
      const placement = chooseToastPlacement({ width, height }, viewport, visibleControls(element), topInset);
      setWhere((old) => (old.placement === placement && old.topInset === topInset ? old : { placement, topInset }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [shown, list]);
  return where;
}
