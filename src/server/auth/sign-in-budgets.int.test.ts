import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/connection';
import { adminSessionPath } from '../../shared/admin-session';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createSignInBudgets, deleteEndedBudgets, type SignInLimits, type Taken } from './sign-in-budgets';

const limits: SignInLimits = {
  address: { places: 3, windowMs: 1000 },
  password: { freePlaces: 2, firstWaitMs: 100, longestWaitMs: 400, forgetAfterMs: 10_000 },
  codes: { places: 2, windowMs: 5000 },
};

const waitOf = (taken: Taken) => (taken.granted ? 0 : taken.waitMs);

describe('the sign-in budgets', () => {
  let database: TestDatabase;
  let other: Database;
  let at = Date.UTC(2030, 0, 1);
  const now = () => new Date(at);
  beforeAll(async () => {
    database = await createTestDatabase();
    other = openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await other.close();
    await database.dispose();
  });

  it('refuses an address at once when its places are taken, until its window ends, and takes nothing then', async () => {
    const budgets = createSignInBudgets(database, limits);
    for (let i = 0; i < 3; i += 1) expect((await budgets.takeWrongKeyPlace('192.0.2.1', now)).granted).toBe(true);
    expect(await budgets.addressWaitMs('192.0.2.1', now())).toBe(1000);
    at += 400;
    expect(waitOf(await budgets.takeWrongKeyPlace('192.0.2.1', now))).toBe(600);
    expect(await budgets.addressWaitMs('192.0.2.2', now())).toBe(0);
    at += 600;
    expect(await budgets.addressWaitMs('192.0.2.1', now())).toBe(0);
    expect((await budgets.takeWrongKeyPlace('192.0.2.1', now)).granted).toBe(true);
  });

  it('counts the places taken through another instance', async () => {
    const here = createSignInBudgets(database, limits);
    const there = createSignInBudgets(other, limits);
    await here.takeWrongKeyPlace('192.0.2.3', now);
    await there.takeWrongKeyPlace('192.0.2.3', now);
    expect(await here.addressWaitMs('192.0.2.3', now())).toBe(0);
    await there.takeWrongKeyPlace('192.0.2.3', now);
    expect(await here.addressWaitMs('192.0.2.3', now())).toBe(1000);
  });

  it('counts an IPv6 client by its /64', async () => {
    const budgets = createSignInBudgets(database, limits);
    for (const address of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:ffff:ffff:ffff:ffff']) {
      await budgets.takeWrongKeyPlace(address, now);
    }
    expect(await budgets.addressWaitMs('2001:db8:7:7:1234::9', now())).toBe(1000);
    expect(await budgets.addressWaitMs('2001:db8:7:8::1', now())).toBe(0);
  });

  it('takes a place in the address and the account together, or in neither, and gives both back when right', async () => {
    const budgets = createSignInBudgets(database, limits);
    const first = await budgets.takeCodePlaces('192.0.2.10', 1, now);
    expect(first).toMatchObject({ granted: true, clean: true });
    if (first.granted) await first.giveBack();
    expect((await budgets.takeCodePlaces('192.0.2.10', 1, now)).granted).toBe(true);
    expect(await budgets.takeCodePlaces('192.0.2.11', 1, now)).toMatchObject({ granted: true, clean: true });
    // The account's two places are taken: refused from any address, and the address keeps its places.
    expect(await budgets.takeCodePlaces('192.0.2.12', 1, now)).toMatchObject({ granted: false, spent: 'account' });
    expect(await budgets.takeCodePlaces('192.0.2.12', 2, now)).toMatchObject({ granted: true, clean: true });
    // The address is spent: the account's budget is left alone.
    await budgets.takeWrongKeyPlace('192.0.2.12', now);
    await budgets.takeWrongKeyPlace('192.0.2.12', now);
    expect(await budgets.takeCodePlaces('192.0.2.12', 3, now)).toMatchObject({ granted: false, spent: 'address' });
    expect(await budgets.takeCodePlaces('192.0.2.13', 3, now)).toMatchObject({ granted: true, clean: true });
  });

  it('trips once per window', async () => {
    const budgets = createSignInBudgets(database, limits);
    await budgets.takeCodePlaces('192.0.2.20', 9, now);
    expect(await budgets.tripOnce('codes|9', 2, now())).toBe(false);
    await budgets.takeCodePlaces('192.0.2.21', 9, now);
    expect(await budgets.tripOnce('codes|9', 2, now())).toBe(true);
    expect(await budgets.tripOnce('codes|9', 2, now())).toBe(false);
    at += 5000;
    await budgets.takeCodePlaces('192.0.2.22', 9, now);
    await budgets.takeCodePlaces('192.0.2.23', 9, now);
    expect(await budgets.tripOnce('codes|9', 2, now())).toBe(true);
  });

  it('makes an account’s passwords wait longer each time, except from an address with a clean record', async () => {
    // An address budget that never bites here: only the account's back-off is under test.
    const budgets = createSignInBudgets(database, { ...limits, address: { places: 100, windowMs: 1000 } });
    const guesser = '192.0.2.30';
    expect((await budgets.takePasswordPlaces(guesser, 'p@example.test', now)).granted).toBe(true);
    // Two free places, then the back-off: 100 ms, 200 ms, 400 ms, never longer.
    expect((await budgets.takePasswordPlaces(guesser, 'p@example.test', now)).granted).toBe(true);
    expect(waitOf(await budgets.takePasswordPlaces(guesser, 'p@example.test', now))).toBe(100);
    at += 100;
    expect((await budgets.takePasswordPlaces(guesser, 'p@example.test', now)).granted).toBe(true);
    expect(waitOf(await budgets.takePasswordPlaces(guesser, 'p@example.test', now))).toBe(200);
    // A clean address is judged at once, and neither waits nor makes anyone wait (its place still counts).
    const owner = await budgets.takePasswordPlaces('192.0.2.31', 'p@example.test', now);
    expect(owner).toMatchObject({ granted: true, clean: true });
    expect(waitOf(await budgets.takePasswordPlaces(guesser, 'p@example.test', now))).toBe(200);
    at += 200;
    expect((await budgets.takePasswordPlaces(guesser, 'p@example.test', now)).granted).toBe(true);
    expect(waitOf(await budgets.takePasswordPlaces(guesser, 'p@example.test', now))).toBe(400);
    at += 400;
    expect((await budgets.takePasswordPlaces(guesser, 'p@example.test', now)).granted).toBe(true);
    expect(waitOf(await budgets.takePasswordPlaces(guesser, 'p@example.test', now))).toBe(400);
    // Forgotten a while after the last: free places again.
    at += 10_000;
    const again = await budgets.takePasswordPlaces(guesser, 'p@example.test', now);
    expect(again.granted).toBe(true);
  });

  it('lets no more places be taken than the budget holds when attempts arrive all at once', async () => {
    const budgets = createSignInBudgets(database, limits);
    const there = createSignInBudgets(other, limits);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 ? there : budgets).takeCodePlaces(`198.51.100.${n}`, 77, () => new Date(at)),
      ),
    );
    expect(results.filter((taken) => taken.granted)).toHaveLength(2);
  });

  it('forgets budgets whose window has ended', async () => {
    at += 60_000;
    expect(await deleteEndedBudgets(database.db, now())).toBeGreaterThan(0);
    const left = await database.db.selectFrom('sign_in_budgets').selectAll().execute();
    expect(left).toEqual([]);
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

  it('counts wrong keys from one IPv6 /64 together, however many addresses they come from', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const answer = await subject.app.inject({
        url: '/api/contact-submissions',
        remoteAddress: `2001:db8:36:1:${n.toString(16)}::${n}`,
        headers: { 'x-api-key': `wrong-key-number-${n}-padded-to-length` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429, 429]);
    const neighbour = await subject.app.inject({
      url: '/api/contact-submissions',
      remoteAddress: '2001:db8:36:2::1',
      headers: { 'x-api-key': 'parallel-limit-test-key-0123456789' },
    });
    expect(neighbour.statusCode).toBe(200);
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
