import { utcToLondonLocal } from '../london-time';

/**
 * A booking's time as a parent reads it on the page: 'Tuesday 1 December, 4:00pm', on London's
 * clock. Free of zod and of the server, so the booking island can use it (Intl does the words).
 */
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** A London date ('2026-12-01') in words: 'Tuesday 1 December'. */
export const dayInWords = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(/,/g, '');

/** A London wall-clock time ('16:00') as people say it: '4:00pm'. */
export function clockInWords(time: string): string {
  const hour = Number(time.slice(0, 2));
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${time.slice(3, 5)}${hour < 12 ? 'am' : 'pm'}`;
}

/** An instant in words on London's clock: 'Tuesday 1 December, 4:00pm'. */
export function timeInWords(instant: string): string {
  const [date, time] = utcToLondonLocal(instant).split('T') as [string, string];
  return `${dayInWords(date)}, ${clockInWords(time)}`;
}
