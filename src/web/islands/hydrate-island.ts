import { type ComponentType, type ReactNode, createElement, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Renders nothing of its own: its effect runs once the island's first render has been committed. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * React, fetched with the first island a page hydrates and shared by the rest. Each island is a
 * root of its own: one island's failure or slowness never touches another or the static page.
 * Resolves when the island is hydrated and its handlers are live.
 */
export function hydrateIsland(marker: HTMLElement, component: ComponentType<object>): Promise<void> {
  const json = document.getElementById(marker.dataset.propsId ?? '')?.textContent;
  const props = json ? (JSON.parse(json) as object) : {};
  return new Promise((resolve) => {
    hydrateRoot(marker, createElement(Hydrated, { onHydrated: resolve }, createElement(component, props)));
  });
}
