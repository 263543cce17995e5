import type { Root } from 'react-dom/client';
import { applyWholeStylesheet } from './page-behaviour';
import type { IslandName } from '../lib/island';
import { islandLoaders } from './registry';

/** How far below the fold an island starts loading, so it is ready when the visitor arrives. */
const VISIBLE_MARGIN = '200px 0px';

interface Hydration {
  /** Resolves when the island's handlers are live. */
  live: Promise<void>;
  /** Its React root, once React and the island's chunk have arrived. */
  root?: Root;
}

/** Each marker's hydration, started once. */
const hydrations = new WeakMap<HTMLElement, Hydration>();
const hydrated = new WeakSet<HTMLElement>();

function hydrate(marker: HTMLElement): Promise<void> {
  const started = hydrations.get(marker);
  if (started) return started.live;
  const load = islandLoaders[marker.dataset.island as IslandName];
  if (!load) {
    console.error(`No island is registered as "${marker.dataset.island}" (src/web/islands/registry.ts).`);
    return Promise.resolve();
  }
  // An island may draw what the server did not, with rules the inline CSS left out.
  applyWholeStylesheet();
  const hydration: Hydration = { live: Promise.resolve() };
  hydration.live = Promise.all([import('./hydrate-island'), load()])
    .then(([{ hydrateIsland }, component]) => {
      // The island left the page (in-place navigation) while its chunk was on the way.
      if (!marker.isConnected) return;
      const island = hydrateIsland(marker, component as Parameters<typeof hydrateIsland>[1]);
      hydration.root = island.root;
      return island.live;
    })
    .then(() => void hydrated.add(marker));
  hydrations.set(marker, hydration);
  document
    .querySelectorAll<HTMLElement>('[data-island][data-load="with-first"]')
    .forEach((other) => void hydrate(other));
  return hydration.live;
}

/** The marker around an event's target, while that island is not hydrated yet. */
function dehydratedMarker(event: Event): HTMLElement | null {
  const marker = (event.target as Element | null)?.closest?.<HTMLElement>('[data-island]');
  return marker && !hydrated.has(marker) ? marker : null;
}

const visibleObserver = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visibleObserver.unobserve(entry.target);
      void hydrate(entry.target as HTMLElement);
    }
  },
  { rootMargin: VISIBLE_MARGIN },
);

const markersIn = (container: ParentNode, selector = '') =>
  container.querySelectorAll<HTMLElement>(`[data-island]${selector}`);

/** Watches the islands in `container` that start when they come near the viewport. */
export function observeIslands(container: ParentNode): void {
  markersIn(container, '[data-load="visible"]').forEach((marker) => visibleObserver.observe(marker));
}

/** Unmounts the islands in `container`, which is leaving the page: their timers and listeners stop. */
export function disposeIslands(container: ParentNode): void {
  markersIn(container).forEach((marker) => {
    visibleObserver.unobserve(marker);
    hydrations.get(marker)?.root?.unmount();
  });
}

/**
 * Finds the island markers the server left in the page and hydrates each when it is needed
 * (decision 0038). Everything outside them stays the server's HTML: no React runs for it. The
 * listeners are the document's, so islands a new page brings in place (navigation/) start the
 * same way once observeIslands has seen them.
 */
export function startIslands(): void {
  observeIslands(document);
  // A visitor reaching for an island (the pointer coming over it, a tap, Tab into a field) starts it at once.
  for (const type of ['pointerover', 'pointerdown', 'focusin']) {
    document.addEventListener(type, (event) => {
      const marker = dehydratedMarker(event);
      if (marker) void hydrate(marker);
    });
  }
  // The loader arrives after the first frame (decision 0044): a visitor may already be in a field
  // or over a form by then, and no new event says so until they move on.
  markersIn(document, ':is(:focus-within, :hover)').forEach((marker) => void hydrate(marker));
  // A form sent before its island has hydrated would go out as a plain GET, the visitor's details
  // in the address: hold it, and send it again through the form's own handler once hydrated.
  document.addEventListener(
    'submit',
    (event) => {
      const marker = dehydratedMarker(event);
      if (!marker) return;
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      void hydrate(marker).then(() => form.requestSubmit());
    },
    { capture: true },
  );
}
