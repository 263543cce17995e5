/** Numbers and days as the Insights screen writes them (UK English). */
const wholeFormat = new Intl.NumberFormat('en-GB');
export const whole = (value: number) => wholeFormat.format(value);

/** A rate (0 to 1) as a percentage with one decimal; a dash when there was nothing to divide by. */
export const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A report day (YYYY-MM-DD, the centre's date) as "2 Mar 2026": a calendar date, so read on UTC to stay put. */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
