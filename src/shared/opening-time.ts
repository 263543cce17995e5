import { addDays, londonDate, londonLocalToUtc } from './london-time';
import { type OpeningHours, weekDays } from './site-facts/site-facts';

/** One stretch of opening time, as UTC milliseconds. */
interface Span {
  from: number;
  to: number;
}

const MINUTE_MS = 60_000;

/** The weekday of a London date ('2026-03-02' is a Monday). */
const weekDayOf = (date: string) => weekDays[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;

/** A London wall-clock time on a date as a UTC instant (a time the clocks skip reads as the hour after). */
const instantOf = (date: string, time: string) => Date.parse(londonLocalToUtc(`${date}T${time}`)!);

/**
 * When the office is open on one London date (issue 50): a closure covering the date decides (closed
 * all day, or its special hours), else the weekly hours declared for its weekday (the office's
 * hours, as search engines are told; the hours shown to parents are when children can come).
 */
export function openOn(hours: OpeningHours, date: string): Span[] {
  const closure = hours.closures.find((entry) => entry.from <= date && date <= entry.to);
  if (closure) {
    if (closure.opens === null || closure.closes === null || !(closure.opens < closure.closes)) return [];
    return [{ from: instantOf(date, closure.opens), to: instantOf(date, closure.closes) }];
  }
  const weekDay = weekDayOf(date);
  return hours.declared
    .filter((row) => row.days.includes(weekDay) && row.opens < row.closes)
    .map((row) => ({ from: instantOf(date, row.opens), to: instantOf(date, row.closes) }));
}

/**
 * Whole minutes of opening time between two instants (issue 50's reply clock): the overlap of
 * [from, to) with each London date's opening hours, rows of one day counted once where they
 * overlap. Linear in the days between; 0 when `to` is not after `from`.
 */
export function openingMinutesBetween(hours: OpeningHours, from: Date, to: Date): number {
  const [start, end] = [from.getTime(), to.getTime()];
  if (!(end > start)) return 0;
  let total = 0;
  const last = londonDate(to);
  for (let date = londonDate(from); date <= last; date = addDays(date, 1)) {
    const spans = openOn(hours, date)
      .map((span) => ({ from: Math.max(span.from, start), to: Math.min(span.to, end) }))
      .filter((span) => span.to > span.from)
      .sort((a, b) => a.from - b.from);
    // Overlapping rows of one day (a morning row and a whole-day row) count their shared time once.
    let reached = -Infinity;
    for (const span of spans) {
      const from = Math.max(span.from, reached);
      if (span.to > from) total += span.to - from;
      reached = Math.max(reached, span.to);
    }
  }
  return Math.floor(total / MINUTE_MS);
}
