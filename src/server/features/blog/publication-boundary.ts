import type { PublicationBoundary } from '../../rendering/pages';

/**
 * The page cache's part in scheduled publishing (docs/decisions/0034-scheduled-publishing-and-preview.md).
 * Answers, for a content generation, the next time a scheduled post appears ('none' if none).
 * Pages are cached under it, so when that time passes the key changes and every process renders
 * afresh, with no job to run and nothing to bump. Only staff writes change the schedule, and each
 * bumps the generation, so the answer is looked up once per generation and again each time it
 * passes: one indexed query, not one per page.
 */
export function createPublicationBoundary(
  source: { nextScheduledAt(): Promise<string | null> },
  clock: () => Date,
): PublicationBoundary {
  let known: { generation: number; until: number; key: string } | undefined;
  let lookup: { generation: number; answer: Promise<string> } | undefined;

  const refresh = (generation: number): Promise<string> => {
    if (lookup?.generation === generation) return lookup.answer;
    const answer = source.nextScheduledAt().then((next) => {
      known = { generation, until: next ? Date.parse(next) : Number.POSITIVE_INFINITY, key: next ?? 'none' };
      return known.key;
    });
    lookup = { generation, answer };
    // A failed lookup is not remembered: the next request asks again.
    void answer.then(
      () => lookup?.answer === answer && (lookup = undefined),
      () => lookup?.answer === answer && (lookup = undefined),
    );
    return answer;
  };

  return (generation) => {
    if (known?.generation === generation && clock().getTime() < known.until) return known.key;
    return refresh(generation);
  };
}
