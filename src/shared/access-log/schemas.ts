import { z } from 'zod';
import { pagingQuerySchema } from '../paging';

/**
 * The owners' filter of the access log: `actor` is `account:<id>`, `token:<id>`, `key` (the admin
 * key) or `anonymous`; `enquiry` an enquiry's id. Both are optional; paging as every list.
 */
export const accessLogQuerySchema = pagingQuerySchema.extend({
  actor: z
    .string()
    .regex(/^(?:(?:account|token):[1-9]\d{0,14}|key|anonymous)$/, {
      error: 'Actor must be account:<id>, token:<id>, key or anonymous',
    })
    .optional(),
  enquiry: z.coerce
    .number({ error: 'Enquiry must be a whole number' })
    .int('Enquiry must be a whole number')
    .min(1, 'Enquiry must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'Enquiry is too large')
    .optional(),
});
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;
