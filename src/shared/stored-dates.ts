/**
 * The one rule for a date and time we store (decision 0047): a UTC instant in the years 1900 to
 * 9999. Stored as ISO text, instants compare as text only while the year has four digits
 * (`+010000-01-01` sorted before `2026`, so a post scheduled for the year 10000 was public at once);
 * and nothing before 1900 is a real date in this site's life.
 */
export const STORED_YEAR_MIN = 1900;
export const STORED_YEAR_MAX = 9999;

export const storedDateMessage = (label: string) =>
  `${label} must be between the years ${STORED_YEAR_MIN} and ${STORED_YEAR_MAX}`;

export function isStorableInstant(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= STORED_YEAR_MIN && year <= STORED_YEAR_MAX;
}
