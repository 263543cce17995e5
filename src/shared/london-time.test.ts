import { describe, expect, it } from 'vitest';
import { londonLocalToUtc, utcToLondonLocal } from './london-time';

describe('London wall-clock time', () => {
  it('is UTC in winter and one hour ahead in summer', () => {
    expect(londonLocalToUtc('2026-11-23T15:30')).toBe('2026-11-23T15:30:00.000Z');
    expect(londonLocalToUtc('2026-07-01T09:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(utcToLondonLocal('2026-07-01T08:00:00.000Z')).toBe('2026-07-01T09:00');
    expect(utcToLondonLocal('2026-11-23T15:30:59.000Z')).toBe('2026-11-23T15:30');
  });

  it('reads the skipped spring hour after the change and the repeated autumn hour as BST', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(londonLocalToUtc('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(londonLocalToUtc('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 happens twice.
    expect(londonLocalToUtc('2026-10-25T01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(londonLocalToUtc('2026-10-25T03:00')).toBe('2026-10-25T03:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-11-23T24:00', '2026-11-23 10:00', 'x'.repeat(10_000)]) {
      expect(londonLocalToUtc(bad)).toBeNull();
    }
  });

  it('reads every quarter hour of two years as Intl does, across four clock changes (the offset is kept per hour)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const mismatches: string[] = [];
    for (let at = Date.parse('2026-01-01T00:07:00Z'); at < Date.parse('2028-01-01T00:00:00Z'); at += 15 * 60_000) {
      const iso = new Date(at).toISOString();
      const expected = intl.format(new Date(at)).replace(', ', 'T');
      if (utcToLondonLocal(iso) !== expected) mismatches.push(`${iso}: ${utcToLondonLocal(iso)} ≠ ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});
