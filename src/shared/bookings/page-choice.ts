import { paths } from '../routes';
import type { PostedForm } from '../enquiries/form-post';
import type { OfferedTime } from './slots';
import { clockInWords, dayInWords } from '../time-words';

/**
 * What the booking part of /free-assessment shows, read from its address (issue 41, decision
 * 0072). Without script the day and the time are plain links: `?day=2026-12-01` shows that day's
 * times, `?day=2026-12-01&time=16:00` the details form for that time, `?booked=<instant>` the
 * answer after a booking. Every value is checked against a short, anchored pattern (linear time);
 * a value that is not one is dropped with a message, and the page renders as usual.
 */
export interface BookingChoice {
  day?: string;
  time?: string;
  booked?: string;
  /** A value in the address that could not be read, said to the parent. */
  unreadable?: boolean;
}

// Years 2000 to 2999: every date a booking can have, and every one the words can be written for.
const dayPattern = /^2\d{3}-\d{2}-\d{2}$/;
const timePattern = /^\d{2}:\d{2}$/;
const instantPattern = /^2\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A real calendar date: Date reads 2026-02-31 as 3 March, so it must come back as written. */
const isRealDay = (value: string) => {
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value;
};
const isRealTime = (value: string) => Number(value.slice(0, 2)) < 24 && Number(value.slice(3, 5)) < 60;
const isRealInstant = (value: string) => isRealDay(value.slice(0, 10)) && isRealTime(value.slice(11, 16));

/** The id of the booking part: every link and the answer scroll to it. */
export const bookingAnchor = 'book-a-time';

export function bookingChoiceOf(search: URLSearchParams): BookingChoice {
  const choice: BookingChoice = {};
  const read = (name: string, pattern: RegExp, real: (value: string) => boolean) => {
    const value = search.get(name);
    if (value === null) return undefined;
    // The anchored patterns have no repetition to backtrack over: linear in the value's length.
    if (pattern.test(value) && real(value)) return value;
    choice.unreadable = true;
    return undefined;
  };
  const booked = read('booked', instantPattern, isRealInstant);
  if (booked) return { booked };
  const day = read('day', dayPattern, isRealDay);
  const time = day ? read('time', timePattern, isRealTime) : undefined;
  if (day) choice.day = day;
  if (time) choice.time = time;
  return choice;
}

/** The address of a step: the days, a day's times, or a time's details form. */
export function bookingAddress(day?: string, time?: string): string {
  const query = day ? `?day=${day}${time ? `&time=${time}` : ''}` : '';
  return `${paths.freeAssessment}${query}#${bookingAnchor}`;
}

/**
 * The name of each nearest time's button after a 409 without script: its value the time's instant,
 * posted with the details typed (never in an address), and answered with that time's details form.
 */
export const pickAnotherField = 'pickAnother';

/** Where a booking made without script lands: the answer, naming the time and no one. */
export const bookedAddress = (startsAt: string) => `${paths.freeAssessment}?booked=${startsAt}#${bookingAnchor}`;

/**
 * A booking the browser posted without script that was not made, as the server renders it back:
 * the form's values and messages (as the enquiry forms', decision 0062) and, when the time was
 * taken meanwhile, the nearest free times.
 */
export interface PostedBooking extends PostedForm {
  nearest?: OfferedTime[];
}

/** What the page says when a choice in the address (or made in place) cannot be offered. */
export const choiceMessages = {
  noTimesOn: (day: string) => `There are no free times left on ${dayInWords(day)}. Please choose another day.`,
  noLongerFree: (day: string, time: string) =>
    `${clockInWords(time)} on ${dayInWords(day)} is not free. Please choose another time.`,
  unreadable: 'We could not read the day or time in the address. Please choose a day below.',
  noDays: 'There are no free times to book just now. Please send the request form and we will call you to agree one.',
};
