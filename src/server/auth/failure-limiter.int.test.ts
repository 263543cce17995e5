import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/connection';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createFailureLimiter } from './failure-limiter';

describe('the sign-in failure limiter', () => {
  let database: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    other = openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await other.close();
    await database.dispose();
  });

  const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);

  it('blocks an address after the allowed failures until its window ends', async () => {
    const limiter = createFailureLimiter(database.db, { maxFailures: 2, windowMs: 1000 });
    await limiter.recordFailure('a', at(0));
    expect(await limiter.blockedFor('a', at(10))).toBe(0);
    await limiter.recordFailure('a', at(20));
    expect(await limiter.blockedFor('a', at(100))).toBe(900);
    expect(await limiter.blockedFor('b', at(100))).toBe(0);
    expect(await limiter.blockedFor('a', at(1000))).toBe(0);
  });

  it('counts failures made through another instance', async () => {
    const here = createFailureLimiter(database.db, { maxFailures: 3, windowMs: 1000 });
    const there = createFailureLimiter(other.db, { maxFailures: 3, windowMs: 1000 });
    await here.recordFailure('c', at(0));
    await there.recordFailure('c', at(1));
    expect(await here.blockedFor('c', at(2))).toBe(0);
    await there.recordFailure('c', at(3));
    expect(await here.blockedFor('c', at(4))).toBe(996);
  });
});
