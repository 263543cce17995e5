import { z } from 'zod';
import { apiErrorBodySchema } from '../api-error';
import { bodyOf } from '../response-schema';
import type { BookedTime, CancelledBooking, OfferedTimes, TimeTaken } from './bookings';
import type { OfferedTime } from './slots';
import { weekDays } from '../site-facts/site-facts';

/** The bookings' answers as the API sends them (decision 0069): classic zod, for the server only. */
const offeredTimeSchema = bodyOf<OfferedTime>()(
  z.object({ start: z.string(), end: z.string(), time: z.string(), placesLeft: z.number().int() }),
);

export const offeredTimesSchema = bodyOf<OfferedTimes>()(
  z.object({
    timeZone: z.string(),
    lengthMinutes: z.number().int(),
    days: z.array(z.object({ date: z.string(), weekDay: z.enum(weekDays), times: z.array(offeredTimeSchema) })),
  }),
);

export const bookedTimeSchema = bodyOf<BookedTime>()(
  z.object({ startsAt: z.string(), endsAt: z.string(), date: z.string(), time: z.string() }),
);

export const timeTakenSchema = bodyOf<TimeTaken>()(
  z.object({ error: z.string(), code: z.literal('TIME_TAKEN'), nearest: z.array(offeredTimeSchema) }),
);

/**
 * A 409 is the time just taken (with the nearest free ones), or a refusal in words: the family's
 * cap, or a link past its cut-off or out of changes (issue 51).
 */
export const bookingConflictSchema = z.union([timeTakenSchema, apiErrorBodySchema]);

export const cancelledBookingSchema = bodyOf<CancelledBooking>()(
  z.object({ startsAt: z.string(), status: z.literal('cancelled') }),
);

/** POST /api/bookings/waiting-list (issue 51): on the list, in the parent's words. */
export const waitingListJoinedSchema = z.object({ message: z.string() });

/** The family's days have free times: book one of them instead (409 TIMES_FREE). */
export const timesFreeSchema = z.object({
  error: z.string(),
  code: z.literal('TIMES_FREE'),
  days: z.array(z.object({ date: z.string(), weekDay: z.enum(weekDays), times: z.array(offeredTimeSchema) })),
});
