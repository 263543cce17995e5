import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('runs the work once for callers that overlap, and again once it has finished', async () => {
    const once = singleFlight<number>();
    let runs = 0;
    let finish!: (value: number) => void;
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const callers = Array.from({ length: 16 }, () => once('7/480', work));
    expect(runs).toBe(1);
    finish(42);
    expect(await Promise.all(callers)).toEqual(Array(16).fill(42));
    const later = once('7/480', work);
    expect(runs).toBe(2);
    finish(43);
    expect(await later).toBe(43);
  });

  it('keeps keys apart and lets a failure reach every waiting caller, then forgets it', async () => {
    const once = singleFlight<number>();
    const failing = once('a', () => Promise.reject(new Error('broken')));
    const again = once('a', () => Promise.resolve(1));
    const other = once('b', () => Promise.resolve(2));
    await expect(failing).rejects.toThrow('broken');
    await expect(again).rejects.toThrow('broken');
    expect(await other).toBe(2);
    expect(await once('a', () => Promise.resolve(3))).toBe(3);
  });
});
