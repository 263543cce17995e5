import { describe, expect, it } from 'vitest';
import { presetLabel, rangeOf, termOf } from './ranges';

describe('the Insights screen’s ranges', () => {
  it('counts today in the last 7, 30 and 90 days', () => {
    expect(rangeOf({ preset: '7' }, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(rangeOf({ preset: '30' }, '2026-03-02')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(rangeOf({ preset: '90' }, '2026-03-02')).toEqual({ from: '2025-12-03', to: '2026-03-02' });
  });

  it('starts this term on 1 September, 1 January or 1 April', () => {
    expect(termOf('2026-09-01')).toEqual({ name: 'Autumn', from: '2026-09-01' });
    expect(termOf('2026-12-31')).toEqual({ name: 'Autumn', from: '2026-09-01' });
    expect(termOf('2027-01-01')).toEqual({ name: 'Spring', from: '2027-01-01' });
    expect(termOf('2027-03-31')).toEqual({ name: 'Spring', from: '2027-01-01' });
    expect(termOf('2027-04-01')).toEqual({ name: 'Summer', from: '2027-04-01' });
    expect(termOf('2027-08-31')).toEqual({ name: 'Summer', from: '2027-04-01' });
    expect(rangeOf({ preset: 'term' }, '2026-11-27')).toEqual({ from: '2026-09-01', to: '2026-11-27' });
    expect(presetLabel('term', '2026-11-27')).toBe('This term (Autumn)');
  });

  it('keeps a custom range as typed', () => {
    const custom = { from: '2026-01-05', to: '2026-02-05' };
    expect(rangeOf({ custom }, '2026-03-02')).toBe(custom);
  });
});
