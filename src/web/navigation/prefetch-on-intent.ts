import { isPublicPage } from './page-address';
import { prefetchPage } from './page-fetch';

/** A pointer resting this long on a link means intent; one passing over it does not. */
const HOVER_MS = 65;

function linkTarget(event: Event): URL | null {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || !link.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href);
  return isPublicPage(url) ? url : null;
}

/**
 * Fetches a page as soon as the visitor shows they may open it: the pointer resting on its link,
 * a finger touching it, or keyboard focus reaching it. By the click, its HTML is usually here,
 * so the swap is instant (decision 0052). A visitor who asked to save data gets no fetch on hover.
 */
export function prefetchOnIntent(): void {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  let hover: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('pointerover', (event) => {
    const url = linkTarget(event);
    if (!url || saveData || event.pointerType !== 'mouse') return;
    clearTimeout(hover);
    hover = setTimeout(() => prefetchPage(url), HOVER_MS);
  });
  document.addEventListener('pointerout', () => clearTimeout(hover));
  for (const type of ['pointerdown', 'focusin'] as const) {
    document.addEventListener(
      type,
      (event) => {
        const url = linkTarget(event);
        if (url) prefetchPage(url);
      },
      { passive: true },
    );
  }
}
