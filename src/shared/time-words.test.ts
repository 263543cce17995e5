import { describe, expect, it } from 'vitest';
import { clockInWords, dayInWords, recordTimeInWords, timeInWords, ukTimeInWords } from './time-words';

describe('the one way a day and a time are written, on London’s clock', () => {
  it('says the day and the time as people do', () => {
    expect(dayInWords('2026-12-01')).toBe('Tuesday 1 December');
    expect(dayInWords('2026-12-01', { year: true })).toBe('Tuesday 1 December 2026');
    expect(clockInWords('16:00')).toBe('4:00pm');
    expect(clockInWords('09:45')).toBe('9:45am');
    expect(clockInWords('12:15')).toBe('12:15pm');
    expect(clockInWords('00:30')).toBe('12:30am');
  });

  it('keeps the wall-clock time on both sides of a clock change', () => {
    // GMT in winter, BST from 29 March 2026: 16:00 in London either way.
    expect(timeInWords('2026-12-01T16:00:00.000Z')).toBe('Tuesday 1 December, 4:00pm');
    expect(timeInWords('2026-03-30T15:00:00.000Z')).toBe('Monday 30 March, 4:00pm');
    expect(timeInWords('2026-10-26T16:00:00.000Z')).toBe('Monday 26 October, 4:00pm');
  });

  it('names the zone after a time someone acts on, and the year on a record of what was done', () => {
    expect(ukTimeInWords('2026-07-01T15:00:00.000Z')).toBe('Wednesday 1 July, 4:00pm (UK time)');
    // London's date, not UTC's: 00:30 BST on 1 June is still 31 May in UTC.
    expect(recordTimeInWords('2026-05-31T23:30:00.000Z')).toBe('Monday 1 June 2026, 12:30am');
    expect(recordTimeInWords('2026-11-27T09:45:00.000Z')).toBe('Friday 27 November 2026, 9:45am');
  });
});
