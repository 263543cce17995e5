import { describe, expect, it } from 'vitest';
import { callUsMessage, callUsReasonText } from './link-pages';

describe('what a link that no longer acts online says (issue 51)', () => {
  it.each([
    [1, 'cancel', 'Your assessment is now within an hour, so it can no longer be cancelled online.'],
    [12, 'change', 'Your assessment is now within 12 hours, so it can no longer be changed online.'],
    [24, 'cancel', 'Your assessment is now within a day, so it can no longer be cancelled online.'],
    [36, 'change', 'Your assessment is now within 36 hours, so it can no longer be changed online.'],
    [168, 'change', 'Your assessment is now within 7 days, so it can no longer be changed online.'],
  ] as const)('inside a cut-off of %i hours, the %s link', (hours, page, text) => {
    expect(callUsReasonText('cut-off', page, hours)).toBe(text);
  });

  it.each([
    [0, 'This booking cannot be changed online.'],
    [1, 'This booking has been changed once already, the most we allow online.'],
    [2, 'This booking has been changed twice already, the most we allow online.'],
    [5, 'This booking has been changed 5 times already, the most we allow online.'],
  ])('after %i changes allowed', (changes, text) => {
    expect(callUsReasonText('change-limit', 'change', changes)).toBe(text);
  });

  it('ends with the centre’s phone', () => {
    expect(callUsMessage('cut-off', 'cancel', 12, '01632 960123')).toBe(
      'Your assessment is now within 12 hours, so it can no longer be cancelled online. Please call us on 01632 960123.',
    );
  });
});
