import { type IslandName, islandLoaders } from './registry';

/** How far below the fold an island starts loading, so it is ready when the visitor arrives. */
const VISIBLE_MARGIN = '200px 0px';

const started = new WeakSet<HTMLElement>();
const hydrated = new WeakSet<HTMLElement>();

function hydrate(marker: HTMLElement): void {
  if (started.has(marker)) return;
  started.add(marker);
  const load = islandLoaders[marker.dataset.island as IslandName];
  if (!load) {
    console.error(`No island is registered as "${marker.dataset.island}" (src/web/islands/registry.ts).`);
    return;
  }
  void Promise.all([import('./hydrate-island'), load()]).then(([{ hydrateIsland }, component]) => {
    hydrateIsland(marker, component as Parameters<typeof hydrateIsland>[1]);
    hydrated.add(marker);
  });
  document.querySelectorAll<HTMLElement>('[data-island][data-load="with-first"]').forEach(hydrate);
}

/**
 * Finds the island markers the server left in the page and hydrates each when it is needed
 * (decision 0038). Everything outside them stays the server's HTML: no React runs for it.
 */
export function startIslands(): void {
  const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const visible = markers.filter((marker) => marker.dataset.load === 'visible');
  if (visible.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        hydrate(entry.target as HTMLElement);
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  visible.forEach((marker) => observer.observe(marker));

  // A form sent before its island has hydrated would go out as a plain GET, the visitor's details
  // in the address; hold it, and hydrate now, so the next press is handled by the form itself.
  document.addEventListener(
    'submit',
    (event) => {
      const marker = (event.target as Element).closest<HTMLElement>('[data-island]');
      if (!marker || hydrated.has(marker)) return;
      event.preventDefault();
      hydrate(marker);
    },
    { capture: true },
  );
}
