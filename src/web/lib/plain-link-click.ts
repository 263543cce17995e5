/**
 * The address a click will follow in this tab, as a plain link's: the left button, no modifier
 * key, not already handled, not a download, not another tab or window. Null for any other click.
 */
export function plainLinkClick(event: MouseEvent): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || !link.href || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  return new URL(link.href);
}
