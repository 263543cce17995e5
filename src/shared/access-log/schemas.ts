import { z } from 'zod';
import { pagingQuerySchema } from '../paging';

/** What the access log's enquiry filter says of anything but an enquiry's number (the screen says it at the field too). */
export const enquiryNumberProblem = "Enquiry number must be an enquiry's number, like 12";

/** The access log's "Enquiry number" field: blank (no filter), or what the filter would refuse. */
export function enquiryNumberError(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  return /^\d{1,15}$/.test(text) && Number(text) >= 1 ? null : enquiryNumberProblem;
}

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
  enquiry: z
    .string()
    .trim()
    // Digits only: a name ("Hughes"), "0x10" or "1e3" is refused, never read as some other number or as no filter.
    .regex(/^\d{1,15}$/, { error: enquiryNumberProblem })
    .transform(Number)
    .pipe(z.number().min(1, enquiryNumberProblem))
    .optional(),
});
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;
