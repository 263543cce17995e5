import { z } from 'zod';
import { isoDay } from '../analytics/insights';
import { bodyOf } from '../response-schema';
import { weekDays, type WeekDay } from '../site-facts/site-facts';
import { type BookingAttendance, bookingAttendanceSchema } from './attendance';

/**
 * Staff run the bookings (issue 41 part 5, decision 0073): the "Upcoming assessments" screen's
 * answers and requests. Every instant is UTC ISO; `time` is London's wall clock, 'HH:MM'.
 */

/** A booking as the day and week views list it, named as the inbox names its enquiry. */
export interface StaffBooking {
  id: number;
  enquiryId: number;
  startsAt: string;
  endsAt: string;
  time: string;
  status: 'booked' | 'cancelled';
  name: string;
  /** Its enquiry is in the Bin (it still holds its place until cancelled or deleted). */
  inBin: boolean;
  /** Attended or No-show, once staff have marked it after its time (issue 50); null until then. */
  attendance: BookingAttendance | null;
}

/** A blocked time: no parent is offered it or can book it. */
export interface StaffBlock {
  id: number;
  startsAt: string;
  endsAt: string;
  time: string;
  createdBy: string;
}

/** One London day of the view: its bookings, its blocks, and the times staff could still block. */
export interface StaffBookingDay {
  date: string;
  weekDay: WeekDay;
  bookings: StaffBooking[];
  blocks: StaffBlock[];
  /** The times the rules lay on the day, not yet started and not blocked. */
  blockable: { startsAt: string; time: string }[];
}

/** GET /api/admin/bookings: the days from `from`, one (day view) or seven (week view). */
export interface StaffBookingsView {
  from: string;
  to: string;
  days: StaffBookingDay[];
}

/** POST /api/admin/bookings/blocks: the block, and how many bookings still hold places at its time. */
export interface BlockedTime extends StaffBlock {
  bookingsKept: number;
}

export const staffViews = ['day', 'week'] as const;
export type StaffView = (typeof staffViews)[number];

/** GET /api/admin/bookings?from=YYYY-MM-DD&view=day|week */
export const staffBookingsQuerySchema = z
  .object({
    from: isoDay('From'),
    view: z.enum(staffViews, { error: 'View must be day or week' }).default('day'),
  })
  .strict();

const bookingSchema = z.object({
  id: z.number().int(),
  enquiryId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  time: z.string(),
  status: z.enum(['booked', 'cancelled']),
  name: z.string(),
  inBin: z.boolean(),
  attendance: bookingAttendanceSchema.nullable(),
});

const blockSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  time: z.string(),
  createdBy: z.string(),
});

export const staffBookingsViewSchema = bodyOf<StaffBookingsView>()(
  z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        weekDay: z.enum(weekDays),
        bookings: z.array(bookingSchema),
        blocks: z.array(blockSchema),
        blockable: z.array(z.object({ startsAt: z.string(), time: z.string() })),
      }),
    ),
  }),
);

export const blockedTimeSchema = bodyOf<BlockedTime>()(blockSchema.extend({ bookingsKept: z.number().int() }));

export const staffBookingSchema = bodyOf<StaffBooking>()(bookingSchema);

/** The words staff read when a booking cannot be moved or cancelled any more. */
export const bookingRefusals = {
  cancelled: 'This assessment has been cancelled, so it cannot be changed.',
  passed: 'The time of this assessment has passed, so it cannot be changed.',
  notOffered: 'That time is not offered. Please choose one of the times shown.',
  notBlockable: 'That is not one of the day’s assessment times, or it has already started.',
} as const;
