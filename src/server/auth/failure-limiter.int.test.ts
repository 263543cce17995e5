import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/connection';
import { adminSessionPath } from '../../shared/admin-session';
import { createTestApp, type TestApp } from '../../../tests/support/app';
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
    expect(await limiter.recordFailure('a', at(0))).toBe(0);
    expect(await limiter.blockedFor('a', at(10))).toBe(0);
    expect(await limiter.recordFailure('a', at(20))).toBe(0);
    expect(await limiter.blockedFor('a', at(100))).toBe(900);
    expect(await limiter.blockedFor('b', at(100))).toBe(0);
    expect(await limiter.recordFailure('a', at(100))).toBe(900);
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

describe('the sign-in limit under parallel requests', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: 'parallel-limit-test-key-0123456789' } });
  });
  afterAll(() => subject.close());

  it('lets through no more wrong keys than the limit when they arrive all at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        subject.app.inject({
          method: 'POST',
          url: adminSessionPath,
          remoteAddress: '198.51.100.7',
          headers: { 'x-api-key': `wrong-key-number-${n}-padded-to-length` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('does not count a right key as a failure', async () => {
    const key = 'parallel-limit-test-key-0123456789';
    const signIn = (apiKey: string) =>
      subject.app.inject({
        method: 'POST',
        url: adminSessionPath,
        remoteAddress: '198.51.100.8',
        headers: { 'x-api-key': apiKey },
      });
    const right = await Promise.all(Array.from({ length: 15 }, () => signIn(key)));
    expect(right.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 15 }, () => 201));
    expect((await signIn('one-wrong-key-padded-to-length-x')).statusCode).toBe(401);
  });
});
