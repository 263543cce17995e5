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
  const known = spansFor(hours);
  let spans = known.get(date);
  if (!spans) known.set(date, (spans = spansOnDate(hours, date)));
  return spans;
}

/**
 * Each date's spans, kept per set of hours: a report measures thousands of waits over the same few
 * hundred dates, and each date's spans take the time zone's rules to work out. The facts are read
 * afresh for each request, so equal hours share one cache (found by their JSON, written once per
 * object); a few sets at most are kept, the oldest forgotten first.
 */
const keyOf = new WeakMap<OpeningHours, string>();
const spansByHours = new Map<string, Map<string, Span[]>>();
const HOURS_KEPT = 8;

function spansFor(hours: OpeningHours): Map<string, Span[]> {
  let key = keyOf.get(hours);
  if (key === undefined) keyOf.set(hours, (key = JSON.stringify(hours)));
  let spans = spansByHours.get(key);
  if (!spans) {
    if (spansByHours.size >= HOURS_KEPT) spansByHours.delete(spansByHours.keys().next().value!);
    spansByHours.set(key, (spans = new Map()));
  }
  return spans;
}

function spansOnDate(hours: OpeningHours, date: string): Span[] {
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
 * overlap. Linear in the days between; 0 when `to` is not after `from`. With `atMost`, it stops
 * once that many minutes are reached and answers `atMost` (is a wait past the target?).
 */
export function openingMinutesBetween(hours: OpeningHours, from: Date, to: Date, atMost = Infinity): number {
  const [start, end] = [from.getTime(), to.getTime()];
  if (!(end > start)) return 0;
  let total = 0;
  const last = londonDate(to);
  const cap = atMost * MINUTE_MS;
  // Past `atMost` the caller has its answer: a wait of months is not walked day by day.
  for (let date = londonDate(from); date <= last && total <= cap; date = addDays(date, 1)) {
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
  return Math.min(Math.floor(total / MINUTE_MS), atMost);
}
