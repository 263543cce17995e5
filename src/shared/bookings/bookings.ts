import type { OfferedDay, OfferedTime } from './slots';

/**
 * The bookings' answers (issue 41, decision 0071), without zod so public pages can import them.
 * Every instant is UTC ISO; `date` and `time` are how London's clock reads it.
 */

/** `GET /api/bookings/times`: the times a parent may pick now. */
export interface OfferedTimes {
  timeZone: string;
  lengthMinutes: number;
  days: OfferedDay[];
}

/** `POST /api/bookings`: the time booked. */
export interface BookedTime {
  startsAt: string;
  endsAt: string;
  /** London date and wall-clock start: 'YYYY-MM-DD', 'HH:MM'. */
  date: string;
  time: string;
}

/** `409` from `POST /api/bookings`: the one message, and the free times nearest the one asked for. */
export interface TimeTaken {
  error: string;
  code: 'TIME_TAKEN';
  nearest: OfferedTime[];
}

/** The exact words a parent sees when the last place went to someone else first (issue 41). */
export const timeTakenMessage = 'That time has just been taken; here are the nearest free ones';

/** `POST /api/bookings/cancel`: the booking now cancelled. */
export interface CancelledBooking {
  startsAt: string;
  status: 'cancelled';
}
