import { addDays, londonDate, londonLocalToUtc } from '../london-time';
import { type AssessmentSettings, type Closure, type WeekDay, weekDays } from '../site-facts/site-facts';

/** One time a parent may pick: its start and end as UTC instants, and how the office clock reads it. */
export interface OfferedTime {
  start: string;
  end: string;
  /** London wall-clock start, 'HH:MM'. */
  time: string;
  placesLeft: number;
}

export interface OfferedDay {
  date: string;
  weekDay: WeekDay;
  times: OfferedTime[];
}

/** One booking standing: its start and end as UTC instants. */
export interface BookedSpan {
  start: string;
  end: string;
}

/**
 * What is already taken: the bookings standing (each its span), the places held at each start
 * (bookings' and staff's blocks', decision 0073), and bookings per London date.
 */
export interface Taken {
  booked: readonly BookedSpan[];
  placesAt: ReadonlyMap<string, number>;
  perDay: ReadonlyMap<string, number>;
}

/**
 * How many places the bookings in `booked` hold during an assessment from `start` to `end`: the
 * most of them running at one moment, each with its buffer after it and the new one's before its
 * end plus the buffer (decision 0071). A booking made before staff changed the length or buffer
 * may start off the new grid; it still holds every time it overlaps, not only its own start.
 */
export function placesHeldDuring(
  booked: readonly BookedSpan[],
  start: string,
  end: string,
  bufferMinutes: number,
): number {
  const buffer = bufferMinutes * 60_000;
  const [from, to] = [Date.parse(start), Date.parse(end) + buffer];
  // Each booking as the time it keeps a place: from its start to its end plus the buffer.
  const spans = booked
    .map((span) => ({ from: Date.parse(span.start), to: Date.parse(span.end) + buffer }))
    .filter((span) => span.from < to && from < span.to);
  // The most at once is reached at the new one's start or at the start of one inside it.
  let most = 0;
  for (const moment of [from, ...spans.map((span) => span.from).filter((at) => at > from)]) {
    most = Math.max(most, spans.filter((span) => span.from <= moment && moment < span.to).length);
  }
  return most;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday of a London date. */
export const weekDayOf = (date: string): WeekDay => weekDays[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;

interface Window {
  from: number;
  to: number;
}

/**
 * The windows (minutes of the day) assessments may fill on `date`: the week's, narrowed by a
 * dated exception's hours, or none when the centre is closed all day.
 */
function windowsOn(date: string, settings: AssessmentSettings, closures: readonly Closure[]): Window[] {
  const weekDay = weekDayOf(date);
  let windows = settings.weeklyTimes
    .filter((hours) => hours.days.includes(weekDay))
    .map((hours) => ({ from: minutesOf(hours.opens), to: minutesOf(hours.closes) }));
  for (const closure of closures) {
    if (date < closure.from || date > closure.to) continue;
    if (closure.opens === null || closure.closes === null) return [];
    const [opens, closes] = [minutesOf(closure.opens), minutesOf(closure.closes)];
    windows = windows.map(({ from, to }) => ({ from: Math.max(from, opens), to: Math.min(to, closes) }));
  }
  return windows.filter(({ from, to }) => to - from >= settings.lengthMinutes);
}

/**
 * Every time offered from `now` to the end of the booking horizon, day by day. Starts are laid
 * from each window's opening, one assessment plus its buffer apart, on London's wall clock: a
 * 16:00 assessment is at 16:00 on either side of a clock change. A day closed, full (its daily
 * limit) or with no time left is left out.
 */
export function offeredDays(
  settings: AssessmentSettings,
  closures: readonly Closure[],
  taken: Taken,
  now: Date,
): OfferedDay[] {
  const today = londonDate(now);
  const earliest =
    settings.minimumNotice === 'next-day' ? null : now.getTime() + settings.minimumNotice.hours * 3_600_000;
  const firstDate = settings.minimumNotice === 'next-day' ? addDays(today, 1) : today;
  const lastDate = addDays(today, settings.weeksAhead * 7);
  const days: OfferedDay[] = [];
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    if (settings.dailyLimit !== null && (taken.perDay.get(date) ?? 0) >= settings.dailyLimit) continue;
    const times: OfferedTime[] = [];
    // Only bookings from the day before to the day after can touch this day's times.
    const bookedOn = taken.booked.filter((span) => span.end >= addDays(date, -1) && span.start <= addDays(date, 2));
    for (const laid of timesLaidOn(date, settings, closures)) {
      if (earliest !== null && Date.parse(laid.start) < earliest) continue;
      // The bookings overlapping it, or the places held at its very start (a block holds them all).
      const held = Math.max(
        placesHeldDuring(bookedOn, laid.start, laid.end, settings.bufferMinutes),
        taken.placesAt.get(laid.start) ?? 0,
      );
      const placesLeft = settings.placesPerTime - held;
      if (placesLeft <= 0) continue;
      times.push({ ...laid, placesLeft });
    }
    if (times.length > 0) days.push({ date, weekDay: weekDayOf(date), times });
  }
  return days;
}

/**
 * Every time the rules lay on one London date, whatever is booked or however near: the
 * assessments' times in order, on London's wall clock (staff block one of these, decision 0073).
 */
export function timesLaidOn(
  date: string,
  settings: AssessmentSettings,
  closures: readonly Closure[],
): Omit<OfferedTime, 'placesLeft'>[] {
  const step = settings.lengthMinutes + settings.bufferMinutes;
  const times: Omit<OfferedTime, 'placesLeft'>[] = [];
  const laid = new Set<number>();
  for (const window of windowsOn(date, settings, closures)) {
    for (let minute = window.from; minute + settings.lengthMinutes <= window.to; minute += step) {
      // Two weekly rows may cover the same day: a time is offered once.
      if (laid.has(minute)) continue;
      laid.add(minute);
      const start = londonLocalToUtc(`${date}T${clockTime(minute)}`)!;
      const end = new Date(Date.parse(start) + settings.lengthMinutes * 60_000).toISOString();
      times.push({ start, end, time: clockTime(minute) });
    }
  }
  return times.sort((a, b) => a.start.localeCompare(b.start));
}

/** The offered times nearest to `start` (before or after), for a parent whose time was just taken. */
export function nearestTimes(days: readonly OfferedDay[], start: string, count = 3): OfferedTime[] {
  const at = Date.parse(start);
  return days
    .flatMap((day) => day.times)
    .sort((a, b) => Math.abs(Date.parse(a.start) - at) - Math.abs(Date.parse(b.start) - at))
    .slice(0, count);
}
