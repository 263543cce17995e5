import { type ReactNode, useSyncExternalStore } from 'react';

/** docs/product.md#toasts: one toast at a time; a dismissed toast is removed 1,000,000 ms later. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: readonly ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: string): void {
  for (const item of toasts) {
    if ((id === undefined || item.id === id) && !removalTimers.has(item.id)) {
      removalTimers.set(
        item.id,
        setTimeout(() => {
          removalTimers.delete(item.id);
          publish(toasts.filter((other) => other.id !== item.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast; the newest replaces any other (only one is displayed). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;
// One array, not a new one per call: React compares snapshots by identity.
const noToasts: readonly ToastItem[] = [];
const serverSnapshot = () => noToasts;

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
