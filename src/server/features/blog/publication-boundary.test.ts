import { describe, expect, it } from 'vitest';
import { createPublicationBoundary } from './publication-boundary';

describe('the publication boundary in the page-cache key', () => {
  const setup = (schedule: string[]) => {
    let now = new Date('2026-11-23T12:00:00.000Z');
    let lookups = 0;
    let failNext = false;
    const boundary = createPublicationBoundary(
      {
        async nextScheduledAt() {
          lookups += 1;
          if (failNext) {
            failNext = false;
            throw new Error('database away');
          }
          return schedule.find((time) => time > now.toISOString()) ?? null;
        },
      },
      () => now,
    );
    return {
      boundary,
      lookups: () => lookups,
      at: (iso: string) => (now = new Date(iso)),
      failOnce: () => (failNext = true),
    };
  };

  it('looks the schedule up once per generation while the next time is still to come', async () => {
    const subject = setup(['2026-11-23T13:00:00.000Z']);
    const keys = await Promise.all([subject.boundary(1), subject.boundary(1), subject.boundary(1)]);
    expect(keys).toEqual(Array(3).fill('2026-11-23T13:00:00.000Z'));
    expect(subject.boundary(1)).toBe('2026-11-23T13:00:00.000Z');
    expect(subject.lookups()).toBe(1);
    await subject.boundary(2);
    expect(subject.lookups()).toBe(2);
  });

  it('changes the key when the scheduled time passes, with no write in between', async () => {
    const subject = setup(['2026-11-23T13:00:00.000Z', '2026-11-24T09:00:00.000Z']);
    expect(await subject.boundary(1)).toBe('2026-11-23T13:00:00.000Z');
    subject.at('2026-11-23T12:59:59.999Z');
    expect(await subject.boundary(1)).toBe('2026-11-23T13:00:00.000Z');
    subject.at('2026-11-23T13:00:00.000Z');
    expect(await subject.boundary(1)).toBe('2026-11-24T09:00:00.000Z');
    subject.at('2026-11-24T09:00:00.000Z');
    expect(await subject.boundary(1)).toBe('none');
    expect(subject.boundary(1)).toBe('none');
    expect(subject.lookups()).toBe(3);
  });

  it('does not remember a failed lookup', async () => {
    const subject = setup([]);
    subject.failOnce();
    await expect(subject.boundary(1)).rejects.toThrow('database away');
    expect(await subject.boundary(1)).toBe('none');
  });
});
