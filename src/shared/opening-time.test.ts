import { describe, expect, it } from 'vitest';
import { openingMinutesBetween } from './opening-time';
import type { OpeningHours } from './site-facts/site-facts';

/** The office: weekdays 16:00 to 20:00, Saturdays 10:00 to 14:00, closed on Sundays. */
const hours: OpeningHours = {
  shown: [],
  declared: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '16:00', closes: '20:00' },
    { days: ['Saturday'], opens: '10:00', closes: '14:00' },
  ],
  closures: [],
};
const at = (iso: string) => new Date(iso);

describe('opening time between two moments (issue 50)', () => {
  it('counts nothing while closed: sent Friday 21:00, still 0 at 09:59 on Saturday, 1 at 10:01', () => {
    // 6 March 2026 is a Friday, on GMT.
    expect(openingMinutesBetween(hours, at('2026-03-06T21:00:00Z'), at('2026-03-07T09:59:00Z'))).toBe(0);
    expect(openingMinutesBetween(hours, at('2026-03-06T21:00:00Z'), at('2026-03-07T10:01:00Z'))).toBe(1);
    // Through the weekend to Monday 16:30: Saturday's 4 hours and half an hour.
    expect(openingMinutesBetween(hours, at('2026-03-06T21:00:00Z'), at('2026-03-09T16:30:00Z'))).toBe(270);
  });

  it('counts the office’s hours on London’s clock across the clock changes', () => {
    // Sent at 18:00 on Friday 27 March (GMT); the clocks go forward on Sunday 29 March, so Monday's
    // 16:00 is 15:00 UTC, and by 15:30 UTC half an hour has passed.
    expect(openingMinutesBetween(hours, at('2026-03-27T18:00:00Z'), at('2026-03-30T15:30:00Z'))).toBe(120 + 240 + 30);
    // On the Sunday the clocks change, a day open 00:00 to 23:59 is an hour short; in October an hour long.
    const everyDay: OpeningHours = { ...hours, declared: [{ days: ['Sunday'], opens: '00:00', closes: '23:59' }] };
    expect(openingMinutesBetween(everyDay, at('2026-03-28T12:00:00Z'), at('2026-03-30T12:00:00Z'))).toBe(22 * 60 + 59);
    expect(openingMinutesBetween(everyDay, at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'))).toBe(24 * 60 + 59);
  });

  it('follows closures: closed days count nothing, special hours replace the week’s', () => {
    const christmas: OpeningHours = {
      ...hours,
      closures: [
        { id: 'xmas', from: '2026-12-24', to: '2026-12-28', opens: null, closes: null, note: 'Christmas' },
        { id: 'short', from: '2026-12-29', to: '2026-12-29', opens: '10:00', closes: '12:00', note: '' },
      ],
    };
    // Sent Wednesday 23 December 19:00: an hour that day, nothing until the 29th's two hours, then the 30th's.
    expect(openingMinutesBetween(christmas, at('2026-12-23T19:00:00Z'), at('2026-12-29T11:00:00Z'))).toBe(60 + 60);
    expect(openingMinutesBetween(christmas, at('2026-12-23T19:00:00Z'), at('2026-12-30T17:00:00Z'))).toBe(
      60 + 120 + 60,
    );
  });

  it('counts overlapping rows of one day once, and nothing backwards', () => {
    const twice: OpeningHours = {
      ...hours,
      declared: [...hours.declared, { days: ['Monday'], opens: '15:00', closes: '17:00' }],
    };
    expect(openingMinutesBetween(twice, at('2026-03-09T00:00:00Z'), at('2026-03-10T00:00:00Z'))).toBe(300);
    expect(openingMinutesBetween(hours, at('2026-03-10T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toBe(0);
  });

  it('stops at a cap when only “past the target?” is asked, and agrees below it', () => {
    const sent = at('2026-03-06T21:00:00Z');
    const aYearOn = at('2027-03-06T21:00:00Z');
    expect(openingMinutesBetween(hours, sent, aYearOn, 61)).toBe(61);
    expect(openingMinutesBetween(hours, sent, aYearOn)).toBeGreaterThan(61 * 100);
    // Below the cap the answer is the whole count.
    expect(openingMinutesBetween(hours, sent, at('2026-03-09T16:30:00Z'), 1000)).toBe(270);
  });
});
