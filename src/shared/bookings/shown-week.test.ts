import { describe, expect, it } from 'vitest';
import { shownHoursAsWeek } from './shown-week';

const row = (days: string, opens = '16:00', closes = '20:00') => ({ days, opens, closes });

describe('the opening hours parents are shown, read as week rows', () => {
  it.each([
    ['Mon-Fri', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']],
    ['Sat & Sun', ['Saturday', 'Sunday']],
    ['Mon, Wed and Fri', ['Monday', 'Wednesday', 'Friday']],
    ['Tues – Thurs', ['Tuesday', 'Wednesday', 'Thursday']],
    ['Monday to Friday', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']],
    ['Fri-Mon', ['Monday', 'Friday', 'Saturday', 'Sunday']],
    ['saturday', ['Saturday']],
  ])('reads %s', (days, expected) => {
    expect(shownHoursAsWeek([row(days)])).toEqual([{ days: expected, opens: '16:00', closes: '20:00' }]);
  });

  it.each(['Weekdays', 'Mo-Fr', 'Mon-Fri-Sun', 'Mon &', '', 'Funday', '__proto__', 'constructor'])(
    'gives up on %j rather than guess',
    (days) => {
      expect(shownHoursAsWeek([row(days)])).toBeNull();
    },
  );

  it('gives up when any row is unreadable, closes before it opens, or there are none', () => {
    expect(shownHoursAsWeek([row('Mon-Fri'), row('Holidays')])).toBeNull();
    expect(shownHoursAsWeek([row('Mon-Fri', '20:00', '16:00')])).toBeNull();
    expect(shownHoursAsWeek([])).toBeNull();
  });

  it('reads a long hostile text in linear time', () => {
    expect(shownHoursAsWeek([row('Mon & '.repeat(20_000))])).toBeNull();
    expect(shownHoursAsWeek([row('Mon-'.repeat(20_000))])).toBeNull();
    const started = performance.now();
    expect(shownHoursAsWeek([row(`Mon${' '.repeat(100_000)}x`)])).toBeNull();
    // Quadratic backtracking over the spaces took seconds; linear work takes a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
