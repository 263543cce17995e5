import { type DeclaredHours, type ShownHours, type WeekDay, weekDays } from '../site-facts/site-facts';

/** A day as people write it: its first three letters or more ('Mon', 'Tues', 'Saturday'). */
function dayNamed(word: string): WeekDay | undefined {
  const name = word.trim().toLowerCase().replace(/\.$/, '');
  if (name.length < 3) return undefined;
  return weekDays.find((day) => day.toLowerCase().startsWith(name));
}

/** 'Mon-Fri', 'Sat & Sun', 'Mon, Wed and Fri', 'Fri–Mon' (a range may run over the weekend), or null. */
function daysNamed(text: string): WeekDay[] | null {
  const days = new Set<WeekDay>();
  // Split on the separators alone and trim after: `\s*` around them would backtrack over a long
  // run of spaces at every position (quadratic time).
  for (const part of text.split(/&|,|\band\b/i)) {
    const ends = part.split(/[-–—]|\bto\b/i);
    if (ends.length > 2) return null;
    const [first, last = first] = ends.map(dayNamed);
    if (!first || !last) return null;
    const from = weekDays.indexOf(first);
    const span = (weekDays.indexOf(last) - from + 7) % 7;
    for (let step = 0; step <= span; step++) days.add(weekDays[(from + step) % 7]!);
  }
  return days.size > 0 ? weekDays.filter((day) => days.has(day)) : null;
}

/**
 * The opening hours shown to parents (docs/product.md#contact: 'Mon-Fri', 16:00 to 20:00) as week
 * rows, or null when a row's days are not read with certainty (staff write them freely). These are
 * the hours children can come; the hours declared to search engines are the office's.
 */
export function shownHoursAsWeek(shown: readonly ShownHours[]): DeclaredHours[] | null {
  const rows: DeclaredHours[] = [];
  for (const { days, opens, closes } of shown) {
    const named = daysNamed(days);
    if (!named || !(opens < closes)) return null;
    rows.push({ days: named, opens, closes });
  }
  return rows.length > 0 ? rows : null;
}
