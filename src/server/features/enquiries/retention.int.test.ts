import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { createEnquiriesRepo } from './repo';
import { deleteExpiredEnquiries, retentionCutoff } from './retention';

describe('retention of submissions', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('computes the cutoff in calendar months', () => {
    expect(retentionCutoff(24, new Date('2026-11-21T12:00:00.000Z')).toISOString()).toBe('2024-11-21T12:00:00.000Z');
    expect(retentionCutoff(1, new Date('2026-03-15T00:00:00.000Z')).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('deletes only what is older than the retention period', async () => {
    const db = subject.database.db;
    await db.deleteFrom('contact_submissions').execute();
    const now = new Date('2026-11-21T12:00:00.000Z');
    await seedEnquiry(db, { first_name: 'Expired', submitted_at: '2024-11-21T11:59:59.999Z' });
    await seedEnquiry(db, { first_name: 'Ancient', submitted_at: '2019-01-01T00:00:00.000Z' });
    await seedEnquiry(db, { first_name: 'Boundary', submitted_at: '2024-11-21T12:00:00.000Z' });
    await seedEnquiry(db, { first_name: 'Recent', submitted_at: '2026-11-01T00:00:00.000Z' });

    const enquiries = createEnquiriesRepo(db, systemClock);
    expect(await deleteExpiredEnquiries(enquiries, 24, now)).toBe(2);
    const left = await db.selectFrom('contact_submissions').select('first_name').orderBy('first_name').execute();
    expect(left.map((row) => row.first_name)).toEqual(['Boundary', 'Recent']);
    expect(await deleteExpiredEnquiries(enquiries, 24, now)).toBe(0);
  });

  it('runs at start, logs what it deleted, and stops without keeping the process alive', async () => {
    const db = subject.database.db;
    await db.deleteFrom('contact_submissions').execute();
    await seedEnquiry(db, { submitted_at: '2000-01-01T00:00:00.000Z' });
    const logged: object[] = [];
    const retention = subject.features.startRetention({
      info: (object) => logged.push(object),
      error: (object) => logged.push(object),
    });
    await retention.firstRun;
    retention.stop();
    expect(logged).toEqual([{ deleted: 1, months: 24 }]);
    expect(await db.selectFrom('contact_submissions').selectAll().execute()).toEqual([]);
  });
});
