/**
 * Marks the end of a page's first screen (decision 0040). What comes before it paints with the
 * page's inline CSS alone; the server links the whole stylesheet here, and the browser draws what
 * follows once that has arrived, which it has usually done long before anyone scrolls.
 */
export function Fold() {
  return <template data-fold="" />;
}
