import { describe, expect, it } from 'vitest';
import { createDayBoundary } from './day-boundary';

describe("the page cache's day", () => {
  it("changes at London's midnight, in winter and in summer time", () => {
    let now = new Date('2026-11-26T23:59:59.999Z');
    const today = createDayBoundary(() => now);
    expect(today()).toBe('2026-11-26');
    now = new Date('2026-11-27T00:00:00.000Z');
    expect(today()).toBe('2026-11-27');
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST).
    now = new Date('2027-07-01T22:59:59.000Z');
    expect(today()).toBe('2027-07-01');
    now = new Date('2027-07-01T23:00:00.000Z');
    expect(today()).toBe('2027-07-02');
  });
});
