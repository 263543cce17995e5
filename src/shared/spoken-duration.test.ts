import { describe, expect, it } from 'vitest';
import { spokenMinutes } from './spoken-duration';

describe('a number of minutes in the office’s words', () => {
  it('says minutes, hours and days, two parts at most', () => {
    expect([0, 45, 60, 125, 24 * 60 + 61, 3 * 24 * 60 + 4 * 60 + 59].map(spokenMinutes)).toEqual([
      '0 min',
      '45 min',
      '1 h',
      '2 h 5 min',
      '1 day 1 h',
      '3 days 4 h',
    ]);
  });
});
