import { type ComponentType, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * React, fetched with the first island a page hydrates and shared by the rest. Each island is a
 * root of its own: one island's failure or slowness never touches another or the static page.
 */
export function hydrateIsland(marker: HTMLElement, component: ComponentType<object>): void {
  const json = document.getElementById(marker.dataset.propsId ?? '')?.textContent;
  const props = json ? (JSON.parse(json) as object) : {};
  hydrateRoot(marker, createElement(component, props));
}
