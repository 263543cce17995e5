import { londonDate, londonLocalToUtc } from '../../shared/london-time';

/**
 * Today's London date, for the page cache's key: pages show what is true on a day (a closure
 * announced, begun, over; decision 0059), so a page rendered yesterday is not served today.
 * Answered synchronously from memory until the next London midnight, then worked out again.
 */
export function createDayBoundary(clock: () => Date): () => string {
  let known: { key: string; until: number } | undefined;
  return () => {
    const now = clock();
    if (known && now.getTime() < known.until) return known.key;
    const key = londonDate(now);
    const next = new Date(`${key}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const nextMidnight = londonLocalToUtc(`${next.toISOString().slice(0, 10)}T00:00`);
    known = { key, until: nextMidnight ? Date.parse(nextMidnight) : now.getTime() + 60_000 };
    return key;
  };
}
