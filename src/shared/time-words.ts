import { utcToLondonLocal } from './london-time';

/**
 * The one way the site writes a day or a time, on London's clock (issue 51, decision 0081): the
 * booking pages, the parents' and the office's mails, the staff screens and the access log all
 * read their words here.
 *
 * - A time someone acts on: 'Tuesday 1 December, 4:00pm', and the zone named once in a sentence,
 *   '(UK time)' after the last time. The bookable window is weeks long, so the weekday and the
 *   date say which year without writing it.
 * - A record of when something was done, which may be last year's: 'Friday 27 November 2026, 9:45am'.
 *
 * Free of zod and of the server, so the booking island can use it (Intl does the words).
 */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** Said once after the times of a sentence, a heading or a mail line. */
export const ukTimeNote = '(UK time)';

/** A London date ('2026-12-01') in words: 'Tuesday 1 December', or 'Tuesday 1 December 2026' with its year. */
export function dayInWords(date: string, { year = false } = {}): string {
  const words = dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(/,/g, '');
  return year ? `${words} ${date.slice(0, 4)}` : words;
}

/** A London wall-clock time ('16:00') as people say it: '4:00pm'. */
export function clockInWords(time: string): string {
  const hour = Number(time.slice(0, 2));
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${time.slice(3, 5)}${hour < 12 ? 'am' : 'pm'}`;
}

/** An instant in words on London's clock: 'Tuesday 1 December, 4:00pm' (with `year`, 'Tuesday 1 December 2026, 4:00pm'). */
export function timeInWords(instant: string, { year = false } = {}): string {
  const [date, time] = utcToLondonLocal(instant).split('T') as [string, string];
  return `${dayInWords(date, { year })}, ${clockInWords(time)}`;
}

/** A time on its own in a sentence, zone named: 'Tuesday 1 December, 4:00pm (UK time)'. */
export const ukTimeInWords = (instant: string) => `${timeInWords(instant)} ${ukTimeNote}`;

/** When something was done, for the office: 'Friday 27 November 2026, 9:45am'. */
export const recordTimeInWords = (instant: string) => timeInWords(instant, { year: true });
