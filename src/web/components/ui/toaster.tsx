import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { dismissToast, useToasts } from './use-toast';

/** SPEC.md section 4 and 9: 5000 ms, swipe right past 50 px, F8 focuses the region, Escape closes. */
export function ToastRegion({ children }: { children: ReactNode }) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {children}
      <Toaster />
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}

function Toaster() {
  const toasts = useToasts();
  return toasts.map((item) => (
    <Toast.Root
      key={item.id}
      open={item.open}
      onOpenChange={(open) => !open && dismissToast(item.id)}
      className={`toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg ${
        item.variant === 'destructive'
          ? 'border-red-700 bg-red-700 text-white'
          : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="grid gap-1">
        {item.title && <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>}
        {item.description && <Toast.Description className="text-sm opacity-95">{item.description}</Toast.Description>}
      </div>
      {item.action}
      <Toast.Close
        aria-label="Close"
        className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100 focus:opacity-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  ));
}
