import { describe, expect, it } from 'vitest';
import type { AssessmentSettings, Closure } from '../site-facts/site-facts';
import { addDays } from '../london-time';
import { bookingLimitDefaults } from './settings';
import { nearestTimes, offeredDays, type Taken, weekDayOf } from './slots';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const settings: AssessmentSettings = {
  lengthMinutes: 45,
  placesPerTime: 1,
  bufferMinutes: 15,
  minimumNotice: { hours: 24 },
  weeksAhead: 2,
  dailyLimit: null,
  ...bookingLimitDefaults,
  weeklyTimes: [{ days: [...weekdays], opens: '16:00', closes: '18:00' }],
};
const nothingTaken: Taken = { booked: [], placesAt: new Map(), perDay: new Map() };
const closure = (from: string, to: string, opens: string | null = null, closes: string | null = null): Closure => ({
  id: `${from}-${to}`,
  from,
  to,
  opens,
  closes,
  note: '',
});
/** A booking from `start`, `minutes` long. */
const span = (start: string, minutes: number) => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});
/** Friday 27 November 2026, 10:00 in London (GMT). */
const fridayMorning = new Date('2026-11-27T10:00:00Z');
const timesOn = (days: ReturnType<typeof offeredDays>, date: string) =>
  days.find((day) => day.date === date)?.times.map(({ time, start, placesLeft }) => ({ time, start, placesLeft }));

describe('the times offered for the free assessment', () => {
  it('lays one assessment and its buffer apart from the opening, on weekdays only, after the notice', () => {
    const days = offeredDays(settings, [], nothingTaken, fridayMorning);
    // Friday's 16:00 is within 24 hours; the weekend has no hours.
    expect(days[0]!.date).toBe('2026-11-30');
    expect(days[0]!.weekDay).toBe('Monday');
    expect(timesOn(days, '2026-11-30')).toEqual([
      { time: '16:00', start: '2026-11-30T16:00:00.000Z', placesLeft: 1 },
      { time: '17:00', start: '2026-11-30T17:00:00.000Z', placesLeft: 1 },
    ]);
    expect(days.every((day) => weekdays.includes(day.weekDay as (typeof weekdays)[number]))).toBe(true);
    // Two weeks ahead, to the day.
    expect(days.at(-1)!.date).toBe('2026-12-11');
  });

  it('keeps the wall-clock time across both clock changes (29 March and 25 October 2026)', () => {
    const spring = offeredDays(settings, [], nothingTaken, new Date('2026-03-24T09:00:00Z'));
    expect(timesOn(spring, '2026-03-27')![0]).toMatchObject({ time: '16:00', start: '2026-03-27T16:00:00.000Z' });
    expect(timesOn(spring, '2026-03-30')![0]).toMatchObject({ time: '16:00', start: '2026-03-30T15:00:00.000Z' });
    const autumn = offeredDays(settings, [], nothingTaken, new Date('2026-10-20T09:00:00Z'));
    expect(timesOn(autumn, '2026-10-23')![0]).toMatchObject({ time: '16:00', start: '2026-10-23T15:00:00.000Z' });
    expect(timesOn(autumn, '2026-10-26')![0]).toMatchObject({ time: '16:00', start: '2026-10-26T16:00:00.000Z' });
    // Each still lasts 45 minutes.
    const [monday] = autumn.filter((day) => day.date === '2026-10-26');
    expect(Date.parse(monday!.times[0]!.end) - Date.parse(monday!.times[0]!.start)).toBe(45 * 60_000);
  });

  it('offers nothing on a day closed, and only the special hours on a day with them', () => {
    const closures = [closure('2026-12-01', '2026-12-02'), closure('2026-12-03', '2026-12-03', '15:00', '17:00')];
    const days = offeredDays(settings, closures, nothingTaken, fridayMorning);
    expect(timesOn(days, '2026-12-01')).toBeUndefined();
    expect(timesOn(days, '2026-12-02')).toBeUndefined();
    expect(timesOn(days, '2026-12-03')!.map(({ time }) => time)).toEqual(['16:00']);
    expect(timesOn(days, '2026-12-04')!.map(({ time }) => time)).toEqual(['16:00', '17:00']);
  });

  it('counts the places taken at a time, and leaves out a time that is full or a day at its limit', () => {
    const taken: Taken = {
      booked: [
        span('2026-11-30T16:00:00.000Z', 45),
        span('2026-12-01T16:00:00.000Z', 45),
        span('2026-12-01T16:00:00.000Z', 45),
      ],
      placesAt: new Map(),
      perDay: new Map([['2026-12-02', 3]]),
    };
    const days = offeredDays({ ...settings, placesPerTime: 2, dailyLimit: 3 }, [], taken, fridayMorning);
    expect(timesOn(days, '2026-11-30')!.map(({ placesLeft }) => placesLeft)).toEqual([1, 2]);
    expect(timesOn(days, '2026-12-01')!.map(({ time }) => time)).toEqual(['17:00']);
    expect(timesOn(days, '2026-12-02')).toBeUndefined();
  });

  it('counts a booking off the grid (made before the length or buffer changed) at every time it overlaps, buffer included', () => {
    // Booked as 16:30-17:00 under older settings; now 45 minutes with 15 between: 16:00 and 17:00.
    const offGrid: Taken = { booked: [span('2026-11-30T16:30:00.000Z', 30)], placesAt: new Map(), perDay: new Map() };
    expect(timesOn(offeredDays(settings, [], offGrid, fridayMorning), '2026-11-30')).toBeUndefined();
    // Ending at 16:00 - the buffer after it runs to 16:15, into the 16:00 time; 17:00 is clear of both.
    const early: Taken = { booked: [span('2026-11-30T15:15:00.000Z', 45)], placesAt: new Map(), perDay: new Map() };
    expect(timesOn(offeredDays(settings, [], early, fridayMorning), '2026-11-30')!.map(({ time }) => time)).toEqual([
      '17:00',
    ]);
    // Without a buffer, a booking ending as a time starts leaves it free.
    const noBuffer = { ...settings, bufferMinutes: 0 };
    const before: Taken = { booked: [span('2026-11-30T15:15:00.000Z', 45)], placesAt: new Map(), perDay: new Map() };
    expect(timesOn(offeredDays(noBuffer, [], before, fridayMorning), '2026-11-30')![0]!.time).toBe('16:00');
  });

  it('with two places, counts the most bookings running at one moment, not every booking a time touches', () => {
    const two = { ...settings, placesPerTime: 2 };
    // 16:00-16:20 and 16:25-16:45 (with 0 minutes between) never run together: 16:00 keeps one place.
    const apart: Taken = {
      booked: [span('2026-11-30T16:00:00.000Z', 20), span('2026-11-30T16:25:00.000Z', 20)],
      placesAt: new Map(),
      perDay: new Map(),
    };
    const firstTime = (taken: Taken) =>
      timesOn(offeredDays({ ...two, bufferMinutes: 0 }, [], taken, fridayMorning), '2026-11-30')?.[0];
    expect(firstTime(apart)).toMatchObject({ time: '16:00', placesLeft: 1 });
    const together: Taken = {
      booked: [span('2026-11-30T16:10:00.000Z', 20), span('2026-11-30T16:20:00.000Z', 20)],
      placesAt: new Map(),
      perDay: new Map(),
    };
    expect(firstTime(together)?.time).not.toBe('16:00');
  });

  it('leaves out a time whose places are all held at its start, as a block staff set holds them', () => {
    const blocked: Taken = { booked: [], placesAt: new Map([['2026-12-04T17:00:00.000Z', 20]]), perDay: new Map() };
    const days = offeredDays(settings, [], blocked, fridayMorning);
    expect(timesOn(days, '2026-12-04')!.map(({ time }) => time)).not.toContain('17:00');
    expect(timesOn(days, '2026-12-04')!.map(({ time }) => time)).toContain('16:00');
  });

  it('"from the next day" offers nothing today, however late the time', () => {
    const morning = new Date('2026-11-30T08:00:00Z');
    const firstDay = (minimumNotice: AssessmentSettings['minimumNotice']) =>
      offeredDays({ ...settings, minimumNotice }, [], nothingTaken, morning)[0]!.date;
    expect(firstDay({ hours: 2 })).toBe('2026-11-30');
    expect(firstDay({ hours: 24 })).toBe('2026-12-01');
    expect(firstDay('next-day')).toBe('2026-12-01');
    expect(offeredDays({ ...settings, minimumNotice: 'next-day' }, [], nothingTaken, morning)[0]!.times[0]!.time).toBe(
      '16:00',
    );
  });

  it('offers a time once when two weekly rows cover the same day', () => {
    const overlapping = {
      ...settings,
      weeklyTimes: [...settings.weeklyTimes, { days: ['Monday' as const], opens: '16:00', closes: '19:00' }],
    };
    const days = offeredDays(overlapping, [], nothingTaken, fridayMorning);
    expect(timesOn(days, '2026-11-30')!.map(({ time }) => time)).toEqual(['16:00', '17:00', '18:00']);
  });

  it('names the nearest free times to one just taken', () => {
    const days = offeredDays(settings, [], nothingTaken, fridayMorning);
    expect(nearestTimes(days, '2026-12-02T16:00:00.000Z').map(({ start }) => start)).toEqual([
      '2026-12-02T16:00:00.000Z',
      '2026-12-02T17:00:00.000Z',
      '2026-12-01T17:00:00.000Z',
    ]);
  });

  it('walks calendar days, whatever the clocks do', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekDayOf('2026-03-29')).toBe('Sunday');
  });
});
