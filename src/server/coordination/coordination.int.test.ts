import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/connection';
import { createGroupCommit } from '../db/group-commit';
import type { DatabaseSchema } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { readGeneration } from './content-generation';
import { countHit, deleteEndedCounters, readCount } from './rate-limit-counters';
import { claimRun } from './scheduled-jobs';

const adminKey = 'test-admin-key-0123456789abcdef';

/**
 * What several processes share through the database. A second connection to the same database
 * stands in for another process or app instance: it shares nothing with the first but the data.
 */
describe('coordination between processes', () => {
  let subject: TestApp;
  let other: Database;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey, PAGE_CACHE_MS: '60000' } });
    other = openDatabase({ dataDir: subject.database.dataDir, databaseUrl: subject.database.databaseUrl });
  });
  afterAll(async () => {
    await other.close();
    await subject.close();
  });

  it('a staff write through one instance retires the page the other instance cached', async () => {
    const otherApp = await buildApp({ config: subject.config, database: other, logger: false });
    try {
      const before = await readGeneration(other.db);
      expect((await otherApp.inject('/')).body).toContain('>Northstar</span>');
      expect((await otherApp.inject('/')).body).toContain('>Northstar</span>');

      const write = await subject.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { 'x-api-key': adminKey },
        payload: { key: 'brand_text', value: 'Bright Minds' },
      });
      expect(write.statusCode).toBe(200);
      expect(await readGeneration(other.db)).toBe(before + 1);
      expect((await otherApp.inject('/')).body).toContain('>Minds</span>');

      // Refused writes and public enquiries change no page: the generation stays.
      const refused = await subject.app.inject({ method: 'POST', url: '/api/settings', payload: {} });
      expect(refused.statusCode).toBe(401);
      const enquiry = await subject.app.inject({
        method: 'POST',
        url: '/api/contact-submissions',
        payload: { firstName: 'A', lastName: 'B', email: 'a@b.test', mobile: '07700 900123', message: 'Hello there' },
      });
      expect(enquiry.statusCode).toBe(201);
      expect(await readGeneration(other.db)).toBe(before + 1);
    } finally {
      await otherApp.close();
    }
  });

  it('a scheduled run is claimed by exactly one of two instances asking at once, then again after its interval', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const claims = await Promise.all([
      claimRun(subject.database.db, 'test-job', 60_000, now),
      claimRun(other.db, 'test-job', 60_000, now),
      claimRun(subject.database.db, 'test-job', 60_000, now),
      claimRun(other.db, 'test-job', 60_000, now),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(other.db, 'test-job', 60_000, new Date(now.getTime() + 59_999))).toBe(false);
    expect(await claimRun(other.db, 'test-job', 60_000, new Date(now.getTime() + 60_000))).toBe(true);
  });

  it('rate-limit counters add up across instances and start again when the window ends', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const hits = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        countHit(index % 2 ? other.db : subject.database.db, 'test|198.51.100.7', 60_000, now),
      ),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await readCount(other.db, 'test|198.51.100.7', now)).toEqual({ count: 10, ttlMs: 60_000 });

    const later = new Date(now.getTime() + 60_000);
    expect(await readCount(other.db, 'test|198.51.100.7', later)).toEqual({ count: 0, ttlMs: 0 });
    expect(await deleteEndedCounters(other.db, later)).toBeGreaterThanOrEqual(1);
    expect(await countHit(subject.database.db, 'test|198.51.100.7', 60_000, later)).toEqual({
      count: 1,
      ttlMs: 60_000,
    });
  });

  // The 30 s is a ceiling, not a speed check: this test creates its own database and two apps.
  it('the enquiry limit holds across instances', async () => {
    const limited = await createTestApp({ env: { ENQUIRY_RATE_LIMIT: '3' } });
    const second = openDatabase({ dataDir: limited.database.dataDir, databaseUrl: limited.database.databaseUrl });
    const secondApp = await buildApp({ config: limited.config, database: second, logger: false });
    try {
      const payload = {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.test',
        mobile: '07700 900123',
        message: 'Hello there',
      };
      const send = (app: typeof secondApp) =>
        app.inject({ method: 'POST', url: '/api/contact-submissions', payload, remoteAddress: '203.0.113.5' });
      const statuses = [];
      for (const app of [limited.app, secondApp, limited.app, secondApp]) statuses.push((await send(app)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await secondApp.close();
      await second.close();
      await limited.close();
    }
  }, 30_000);
});

describe('group commit', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const insertNamed = (trx: Transaction<DatabaseSchema>, name: string) =>
    trx
      .insertInto('settings')
      .values({ key: name, value: name, updated_at: new Date().toISOString() })
      .returning('key')
      .executeTakeFirstOrThrow();

  it('commits writes that arrive together in shared transactions of at most maxBatch, answering each its own result', async () => {
    const writes = createGroupCommit(subject.database.db, { maxBatch: 8 });
    const transactions: Transaction<DatabaseSchema>[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        writes.run(async (trx) => {
          transactions.push(trx);
          return (await insertNamed(trx, `batch-${index}`)).key;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => `batch-${index}`));
    // The first write goes at once, alone; the 19 that queued meanwhile go 8, 8 and 3.
    const sizes = [...new Set(transactions)].map((trx) => transactions.filter((each) => each === trx).length);
    expect(sizes).toEqual([1, 8, 8, 3]);
    const stored = await subject.database.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'batch-%')
      .execute();
    expect(stored).toHaveLength(20);
  });

  it('a failing write fails alone: its neighbours in the batch still commit', async () => {
    const writes = createGroupCommit(subject.database.db);
    const outcomes = await Promise.allSettled(
      ['alone-0', 'alone-1', 'alone-1', 'alone-2'].map((name) => writes.run((trx) => insertNamed(trx, name))),
    );
    // The second 'alone-1' breaks the primary key.
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await subject.database.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'alone-%')
      .execute();
    expect(stored.map((row) => row.key).sort()).toEqual(['alone-0', 'alone-1', 'alone-2']);
  });
});
