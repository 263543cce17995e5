import { z } from 'zod';

/**
 * The body of every error the API answers (one contract, docs/product.md#errors; the UI keys off
 * status and code). Every route declares it for its 4xx and 5xx answers (decision 0069).
 */
export const apiErrorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;
