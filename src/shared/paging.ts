import { z } from 'zod';

/** The largest page any list answers; a bigger one is refused rather than quietly cut. */
export const maxPageSize = 100;
const maxPage = 100_000;

const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`);

/**
 * The paging query every list takes: `page` from 1, `pageSize` from 1 to maxPageSize. Both are
 * optional; each list chooses its own default (and the inbox answers its plain array without them).
 */
export const pagingQuerySchema = z.object({
  page: positiveInt('Page', maxPage).optional(),
  pageSize: positiveInt('Page size', maxPageSize).optional(),
});
