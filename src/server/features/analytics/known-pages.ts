import { NOT_FOUND_PAGE } from '../../../shared/analytics/page-shown';

/** A page a beacon names may be counted a minute after it stopped being one (a post unpublished). */
const STALE_MS = 60_000;
/** A path not among the known pages is looked for again at most this often: a new post counts at once, a flood of made-up paths costs a read a second. */
const RECHECK_MS = 1000;

/**
 * Whether a path is one of the site's own pages (decision 0065, issue 49): the pages the sitemap
 * lists (the fixed public pages and every published post, from the same sources) and the
 * not-found page, under which every missing page's showing counts. Read from those sources, kept
 * in memory, and read again when a minute old, or when asked about a path it does not hold and a
 * second old.
 */
export function createKnownPages(
  pages: () => Promise<readonly { path: string }[]>,
  now: () => number = () => performance.now(),
) {
  let known = new Set<string>();
  let readAt = -Infinity;
  let reading: Promise<Set<string>> | undefined;

  const read = () =>
    (reading ??= pages()
      .then((entries) => {
        known = new Set([NOT_FOUND_PAGE, ...entries.map((entry) => entry.path)]);
        readAt = now();
        return known;
      })
      .finally(() => (reading = undefined)));

  return async (path: string): Promise<boolean> => {
    const age = now() - readAt;
    if (age < STALE_MS && (known.has(path) || age < RECHECK_MS)) return known.has(path);
    return (await read()).has(path);
  };
}

export type IsKnownPage = ReturnType<typeof createKnownPages>;
