import { describe, expect, it } from 'vitest';
import { bookingAddress, bookingChoiceOf } from './page-choice';

const choice = (query: string) => bookingChoiceOf(new URLSearchParams(query));

describe('the booking choice in the address of /free-assessment', () => {
  it('reads a day, a time and a booked instant', () => {
    expect(choice('')).toEqual({});
    expect(choice('day=2026-12-01')).toEqual({ day: '2026-12-01' });
    expect(choice('day=2026-12-01&time=16:00')).toEqual({ day: '2026-12-01', time: '16:00' });
    expect(choice('booked=2026-12-01T16:00:00.000Z&day=2026-12-02')).toEqual({ booked: '2026-12-01T16:00:00.000Z' });
  });

  it('drops what is not a real day, time or instant, and says so', () => {
    for (const query of [
      'day=2026-02-31',
      'day=2026-13-45',
      'day=0000-00-00',
      'day=1999-12-31',
      'day=2026-12-1',
      'day=<script>',
      'day=2026-12-01%00',
      'day=__proto__',
      'booked=2026-12-01T24:00:00.000Z',
      'booked=2026-02-30T16:00:00.000Z',
      `day=${'9'.repeat(100_000)}`,
    ]) {
      const read = choice(query);
      expect(read.unreadable, query.slice(0, 40)).toBe(true);
      expect(read.day ?? read.booked).toBeUndefined();
    }
    expect(choice('day=2026-12-01&time=24:00')).toEqual({ day: '2026-12-01', unreadable: true });
    expect(choice('day=2026-12-01&time=16:60')).toEqual({ day: '2026-12-01', unreadable: true });
    // A time without a day is no step: ignored.
    expect(choice('time=16:00')).toEqual({});
  });

  it('builds each step’s address, scrolled to the booking', () => {
    expect(bookingAddress()).toBe('/free-assessment#book-a-time');
    expect(bookingAddress('2026-12-01')).toBe('/free-assessment?day=2026-12-01#book-a-time');
    expect(bookingAddress('2026-12-01', '16:00')).toBe('/free-assessment?day=2026-12-01&time=16:00#book-a-time');
  });
});
