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

/** London's offset from UTC at `instant`, in milliseconds (0 or 3,600,000). */
function londonOffset(instant: number): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
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
  const hour1 = 3_600_000;
  const matching = [wall - hour1, wall].find((instant) => londonOffset(instant) === wall - instant);
  return new Date(matching ?? wall - londonOffset(wall - 2 * hour1)).toISOString();
}

/** The date `days` after a date ('2026-11-23'): calendar days, which the clock changes do not move. */
export function addDays(date: string, days: number): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

/** The London date ('2026-11-23') of an instant. */
export const londonDate = (instant: Date): string => utcToLondonLocal(instant.toISOString()).slice(0, 10);

/** The `datetime-local` value ('2026-11-23T15:30') showing a UTC instant on London's clock. */
export function utcToLondonLocal(iso: string): string {
  const p = londonParts(Date.parse(iso));
  const two = (value: number | undefined) => String(value).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** How a spreadsheet in the UK reads a time ('27/11/2026 09:46'), on London's clock: the CSV export's. */
export function londonSpreadsheetTime(iso: string): string {
  const [date, time] = utcToLondonLocal(iso).split('T') as [string, string];
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}

const spokenFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: londonTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A time in words as the office says it ('Friday 27 November 2026, 09:45'), on London's clock: the staff e-mail's. */
export function londonSpokenTime(iso: string): string {
  const time = utcToLondonLocal(iso).slice(11);
  return `${spokenFormat.format(new Date(iso)).replace(/,/g, '')}, ${time}`;
}

/** A booking's time as parents read it, on a page or in a mail: in words, on London's clock, and saying so. */
export const ukTime = (iso: string) => `${londonSpokenTime(iso)} (UK time)`;
