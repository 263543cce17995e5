/**
 * The centre is in the UK: staff type times as they read them on the office clock (Europe/London,
 * GMT in winter, BST in summer) and the database keeps UTC. No library: Intl knows the rules.
 */
/** The centre's time zone: every date staff or visitors read is shown on this clock. */
export const londonTimeZone = 'Europe/London';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: londonTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(instant: number): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

const HOUR_MS = 3_600_000;
/** London's offset per UTC hour (see londonOffset), bounded: a report walks thousands of moments over a few years. */
const offsetByHour = new Map<number, number>();

/**
 * London's offset from UTC at `instant`, in milliseconds (0 or 3,600,000). The UK has always
 * changed its clocks on a UTC hour (01:00 UTC since 1981), so the offset holds through each UTC
 * hour: worked out by Intl once per hour and remembered, as Intl is slow for a report's thousands.
 */
function londonOffset(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = londonParts(hour * HOUR_MS);
    // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
    const wall = new Date(0);
    wall.setUTCFullYear(p.year!, p.month! - 1, p.day!);
    wall.setUTCHours(p.hour!, p.minute!, p.second!);
    offset = wall.getTime() - hour * HOUR_MS;
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** A `datetime-local` value ('2026-11-23T15:30') as London time, matched in full. */
export const localDateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The UTC ISO instant of a London wall-clock time, or null when it is not a real date. A time the
 * clocks skip in March (01:30) is read on GMT, so it means 02:30 BST; one they repeat in October is
 * read as the first, BST.
 */
export function londonLocalToUtc(local: string): string | null {
  const match = localDateTimePattern.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  // Not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const check = new Date(0);
  check.setUTCFullYear(year!, month! - 1, day!);
  check.setUTCHours(hour!, minute!, second!);
  const wall = check.getTime();
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day || hour! > 23 || minute! > 59) return null;
  const matching = [wall - HOUR_MS, wall].find((instant) => londonOffset(instant) === wall - instant);
  return new Date(matching ?? wall - londonOffset(wall - 2 * HOUR_MS)).toISOString();
}

/** The date `days` after a date ('2026-11-23'): calendar days, which the clock changes do not move. */
export function addDays(date: string, days: number): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) holding a date ('2026-11-26' is in the week of '2026-11-23'). */
export function mondayOf(date: string): string {
  const weekDay = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekDay);
}

/** The London date ('2026-11-23') of an instant. */
export const londonDate = (instant: Date): string => utcToLondonLocal(instant.toISOString()).slice(0, 10);

/** The `datetime-local` value ('2026-11-23T15:30') showing a UTC instant on London's clock. */
export function utcToLondonLocal(iso: string): string {
  const instant = Date.parse(iso);
  const wall = new Date(instant + londonOffset(instant));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** How a spreadsheet in the UK reads a time ('27/11/2026 09:46'), on London's clock: the CSV export's. */
export function londonSpreadsheetTime(iso: string): string {
  const [date, time] = utcToLondonLocal(iso).split('T') as [string, string];
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}
