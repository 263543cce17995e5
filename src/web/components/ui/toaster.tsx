import { X } from '../icons';
import { useEffect, useRef, useState } from 'react';
import { type ToastPlacement, useToastPlacement } from './toast-placement';
import { dismissToast, type ToastItem, useToasts } from './use-toast';

/** docs/product.md#toasts (docs/decisions/0004 says why this is not Radix's toast). */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;
/** Focuses the region; plain script handles it (islands/page-behaviour.ts), so it works before hydration too. */
const HOTKEY = 'F8';

/** Bottom places keep clear of a phone's home bar (the safe area); see toast-placement.ts for the choice. */
const placementClasses: Record<ToastPlacement, string> = {
  'bottom-right': 'bottom-0 right-0 pb-[max(1rem,env(safe-area-inset-bottom))]',
  'bottom-left': 'bottom-0 left-0 pb-[max(1rem,env(safe-area-inset-bottom))]',
  'top-right': 'right-0',
  'top-left': 'left-0',
};

/**
 * The page's toast region (an island, hydrated with the first form): pointer or focus inside
 * pauses the timers; Escape closes the latest toast.
 */
export function ToastRegion() {
  const toasts = useToasts().filter((item) => item.open);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const latest = toasts[0];
  const list = useRef<HTMLOListElement>(null);
  const { placement, topInset } = useToastPlacement(latest?.id, list);
  return (
    <>
      <section
        data-toast-region
        tabIndex={-1}
        aria-label={`Notifications (${HOTKEY})`}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
        onKeyDown={(event) => event.key === 'Escape' && latest && dismissToast(latest.id)}
        style={placement.startsWith('top') ? { top: topInset } : undefined}
        className={`pointer-events-none fixed z-[100] flex max-h-screen w-full flex-col p-4 outline-none sm:max-w-[420px] ${placementClasses[placement]}`}
      >
        <ol ref={list} className="grid gap-2">
          {toasts.map((item) => (
            <ToastCard key={item.id} item={item} paused={hovered || focused} />
          ))}
        </ol>
      </section>
      {/* Announced once when a toast opens; kept apart so screen readers do not read it twice. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {latest && <Announcement item={latest} />}
      </div>
    </>
  );
}

function Announcement({ item }: { item: ToastItem }) {
  return (
    <>
      {item.title} {item.description}
    </>
  );
}

function useAutoDismiss(id: string, paused: boolean) {
  const remaining = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (paused) return;
    const started = performance.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (performance.now() - started));
    };
  }, [id, paused]);
}

/** Follows the finger to the right; past the threshold the toast closes, short of it it returns. */
function useSwipeToDismiss(id: string) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  return {
    offset,
    handlers: {
      onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
        if ((event.target as HTMLElement).closest('button')) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove: (event: React.PointerEvent<HTMLElement>) => {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      },
      onPointerUp: (event: React.PointerEvent<HTMLElement>) => {
        if (start.current === null) return;
        const distance = event.clientX - start.current;
        start.current = null;
        if (distance > SWIPE_THRESHOLD_PX) dismissToast(id);
        else setOffset(0);
      },
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
    },
  };
}

function ToastCard({ item, paused }: { item: ToastItem; paused: boolean }) {
  useAutoDismiss(item.id, paused);
  const swipe = useSwipeToDismiss(item.id);
  const destructive = item.variant === 'destructive';
  return (
    <li
      {...swipe.handlers}
      tabIndex={0}
      data-variant={item.variant ?? 'default'}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: 1 - swipe.offset / 300 } : undefined}
      className={`pointer-events-auto relative flex w-full touch-pan-y select-none items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg transition-transform ${
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="grid gap-1">
        {item.title && <p className="text-sm font-semibold">{item.title}</p>}
        {item.description && <p className="text-sm opacity-95">{item.description}</p>}
      </div>
      {item.action}
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(item.id)}
        className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100 focus:opacity-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}
