import { addDays } from '../../../shared/london-time';

/** A London date as staff read it: "Tuesday 1 December 2026" (the date is a day, not an instant). */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const dayWords = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** The Monday of the week a date is in: the week view runs Monday to Sunday. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
