import { NOT_FOUND_PAGE } from '../../../shared/analytics/page-shown';

/** A page a beacon names may be counted a minute after it stopped being one (a post unpublished). */
const STALE_MS = 60_000;
/** A path not among the known pages is looked for again at most this often, unless staff changed content since. */
const RECHECK_MS = 1000;

/**
 * Whether a path is one of the site's own pages (decision 0065, issue 49): the pages the sitemap
 * lists (the fixed public pages and every published post, from the same sources) and the
 * not-found page, under which every missing page's showing counts. Kept in memory and read again
 * when a minute old, or when asked about a path it does not hold and either staff have changed
 * content since (the content generation every staff write moves, in every process) or it is a
 * second old (a scheduled post appears without a write). So a post counts from the moment it is
 * published, and a flood of made-up paths costs one primary-key read each and a list read a second.
 */
export function createKnownPages({
  pages,
  generation,
  now = () => performance.now(),
}: {
  pages: () => Promise<readonly { path: string }[]>;
  generation: () => Promise<number>;
  now?: () => number;
}) {
  let known = new Set<string>();
  let readAt = -Infinity;
  let readGeneration = NaN;
  let reading: Promise<Set<string>> | undefined;

  const read = () =>
    (reading ??= (async () => {
      const [current, entries] = await Promise.all([generation(), pages()]);
      known = new Set([NOT_FOUND_PAGE, ...entries.map((entry) => entry.path)]);
      readAt = now();
      readGeneration = current;
      return known;
    })().finally(() => (reading = undefined)));

  return async (path: string): Promise<boolean> => {
    const age = now() - readAt;
    if (age < STALE_MS && known.has(path)) return true;
    if (age < RECHECK_MS && (await generation()) === readGeneration) return false;
    return (await read()).has(path);
  };
}

export type IsKnownPage = ReturnType<typeof createKnownPages>;
