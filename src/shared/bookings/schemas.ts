// zod/mini, like the enquiry forms: the booking form ships to visitors' browsers.
import * as z from 'zod/mini';
import { assessmentSchema } from '../enquiries/schemas';

/** An instant as the times list gives it ('2026-11-30T16:00:00.000Z'), matched in full. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A booking: the free-assessment form's details (docs/product.md#assessment-form, the same
 * messages) and the start of the time picked from the offered times.
 */
export const startsAt = z.string('Please choose a time').check(z.regex(instantPattern, 'Please choose a time'));

export const bookingSchema = z.extend(assessmentSchema, { startsAt });

/** The parent's cancel link, as its page posts it. */
export const bookingTokenSchema = z.object({
  token: z
    .string('This link is not complete')
    .check(z.minLength(1, 'This link is not complete'), z.maxLength(200, 'This link is not complete')),
});

/** The parent's change link, as its page posts it with the new time. */
export const bookingChangeSchema = z.extend(bookingTokenSchema, { startsAt });

export type BookingInput = z.output<typeof bookingSchema>;
