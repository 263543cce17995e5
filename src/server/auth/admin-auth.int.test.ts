import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { readStoredKeyHash, rotateKey } from './admin-key';

const KEY = 'configured-key-0123456789abcdef';

describe('admin key from ADMIN_API_KEY', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, adminAuth: { maxFailures: 3, windowMs: 60_000 } });
  });
  afterAll(() => subject.close());

  const get = (key: string | undefined, remoteAddress: string) =>
    subject.app.inject({
      url: '/api/contact-submissions',
      headers: key === undefined ? {} : { 'x-api-key': key },
      remoteAddress,
    });

  it('answers 401 with the JSON error contract without a key or with a wrong one', async () => {
    const missing = await get(undefined, '10.0.0.1');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'Admin authentication required.', code: 'UNAUTHORIZED' });
    const wrong = await get('not-the-key', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid admin API key.', code: 'UNAUTHORIZED' });
  });

  it('answers 200 with the right key', async () => {
    expect((await get(KEY, '10.0.0.3')).statusCode).toBe(200);
  });

  it('rate limits failed attempts per address with 429 and Retry-After, leaving other addresses alone', async () => {
    for (let i = 0; i < 3; i += 1) expect((await get('wrong', '10.0.0.9')).statusCode).toBe(401);
    const blocked = await get('wrong', '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Blocked means blocked: even the right key waits, or guessing could continue.
    expect((await get(KEY, '10.0.0.9')).statusCode).toBe(429);
    expect((await get(KEY, '10.0.0.10')).statusCode).toBe(200);
  });

  it('does not count requests without a key (or with an empty one) as failed sign-ins', async () => {
    for (let i = 0; i < 15; i += 1) {
      const keyless = await get(i % 2 ? '' : undefined, '10.0.0.30');
      expect(keyless.statusCode).toBe(401);
      expect(keyless.json()).toEqual({ error: 'Admin authentication required.', code: 'UNAUTHORIZED' });
    }
    expect((await get(KEY, '10.0.0.30')).statusCode).toBe(200);
  });

  it('ignores a stored key while ADMIN_API_KEY is set', async () => {
    const stored = await rotateKey(subject.database.db, new Date());
    expect((await get(stored, '10.0.0.20')).statusCode).toBe(401);
    expect((await get(KEY, '10.0.0.20')).statusCode).toBe(200);
  });
});

describe('generated admin key (no ADMIN_API_KEY)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const get = (key: string) =>
    subject.app.inject({ url: '/api/contact-submissions', headers: { 'x-api-key': key }, remoteAddress: '10.0.1.1' });

  it('refuses everything before a key exists (there is no fallback key)', async () => {
    expect(await readStoredKeyHash(subject.database.db)).toBeUndefined();
    expect((await get('anything-at-all-0123456789')).statusCode).toBe(401);
  });

  it('npm run admin:key makes a key, stores only its hash, and accepts it', async () => {
    const key = await rotateKey(subject.database.db, new Date());
    expect(key).toMatch(/^[\w-]{43}$/);
    const rows = await subject.database.db.selectFrom('admin_key').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect((await get(key)).statusCode).toBe(200);
  });

  it('rotation makes the old key fail at once and the new one work', async () => {
    const before = await rotateKey(subject.database.db, new Date());
    const after = await rotateKey(subject.database.db, new Date());
    expect(after).not.toBe(before);
    expect((await get(before)).statusCode).toBe(401);
    expect((await get(after)).statusCode).toBe(200);
  });
});
