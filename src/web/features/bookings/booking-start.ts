import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { type BookingChoice, type PostedBooking, choiceMessages } from '../../../shared/bookings/page-choice';
import { type OfferedDay, type OfferedTime, nearestTimes } from '../../../shared/bookings/slots';
import { londonLocalToUtc } from '../../../shared/london-time';

/**
 * What the booking part starts from, as the server drew it for this request (decision 0072):
 * the days with a free time, the day and time chosen in the address with that day's times, the
 * booked answer, a message, and the form as posted without script. Travels as the island's props,
 * so it is kept small: the dates alone, and one day's times.
 */
export interface BookingStart {
  days: string[];
  day?: string;
  times?: OfferedTime[];
  time?: OfferedTime;
  booked?: string;
  notice?: string;
  /** A day asked for that has no free time left: the waiting list is offered for it (issue 51). */
  full?: string;
  posted?: PostedBooking;
}

/** The start of the booking part for this request: the offered days, read against the address's choice. */
export function bookingStartOf(
  offered: readonly OfferedDay[],
  choice: BookingChoice,
  posted?: PostedBooking,
): BookingStart {
  const start: BookingStart = { days: offered.map((day) => day.date) };
  if (choice.booked) return { ...start, booked: choice.booked };
  if (choice.unreadable) start.notice = choiceMessages.unreadable;
  if (choice.day) {
    const found = offered.find((day) => day.date === choice.day);
    if (!found) {
      start.notice = choiceMessages.noTimesOn(choice.day);
      start.full = choice.day;
    } else {
      start.day = found.date;
      start.times = found.times;
      const time = choice.time && found.times.find((offeredTime) => offeredTime.time === choice.time);
      if (time) start.time = time;
      else if (choice.time) start.notice = choiceMessages.noLongerFree(found.date, choice.time);
    }
  }
  if (posted) {
    const gone = detailsForAGoneTime(offered, choice, start, posted);
    if (gone) return gone;
    start.posted = posted;
    if (posted.notice) start.notice = posted.notice;
  }
  return start;
}

/**
 * Details typed for a time that has gone since (a nearest time chosen without script, or the
 * details form drawn again, decision 0072): answered as a time just taken, with the nearest free
 * ones as buttons that post the details again. That day's times as links would lose them.
 */
function detailsForAGoneTime(
  offered: readonly OfferedDay[],
  choice: BookingChoice,
  start: BookingStart,
  posted: PostedBooking,
): BookingStart | undefined {
  if (start.time || !choice.day || !choice.time || posted.notice || posted.nearest) return undefined;
  if (!Object.values(posted.values).some(Boolean)) return undefined;
  const wanted = londonLocalToUtc(`${choice.day}T${choice.time}`);
  const nearest = wanted ? nearestTimes(offered, wanted) : [];
  if (nearest.length === 0) return undefined;
  return { days: start.days, notice: timeTakenMessage, posted: { ...posted, nearest } };
}
