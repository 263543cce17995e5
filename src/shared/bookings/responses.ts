import { z } from 'zod';
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

export const cancelledBookingSchema = bodyOf<CancelledBooking>()(
  z.object({ startsAt: z.string(), status: z.literal('cancelled') }),
);
