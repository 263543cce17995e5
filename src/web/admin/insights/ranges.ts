import { addDays, daysBetween, type InsightsQuery } from '../../../shared/analytics/insights';

/** The screen's presets: the last 7, 30 or 90 days (today included), and this school term so far. */
export const presets = ['7', '30', '90', 'term'] as const;
export type Preset = (typeof presets)[number];

/** What the range picker holds: a preset, or a custom range as typed. */
export type RangeChoice = { preset: Preset } | { custom: InsightsQuery };

/**
 * The school term a day is in, as England's terms run near enough (decision 0070): autumn from
 * 1 September to 31 December, spring from 1 January to 31 March, summer from 1 April to 31
 * August (the summer holiday counted with it).
 */
export function termOf(day: string): { name: 'Autumn' | 'Spring' | 'Summer'; from: string } {
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  if (month >= 9) return { name: 'Autumn', from: `${year}-09-01` };
  if (month <= 3) return { name: 'Spring', from: `${year}-01-01` };
  return { name: 'Summer', from: `${year}-04-01` };
}

/** The days a choice covers on `today`. */
export function rangeOf(choice: RangeChoice, today: string): InsightsQuery {
  if ('custom' in choice) return choice.custom;
  if (choice.preset === 'term') return { from: termOf(today).from, to: today };
  return { from: addDays(today, 1 - Number(choice.preset)), to: today };
}

/** A preset's words on its button. */
export function presetLabel(preset: Preset, today: string): string {
  if (preset === 'term') return `This term (${termOf(today).name})`;
  return `${preset} days`;
}

export { daysBetween };
