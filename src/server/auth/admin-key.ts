import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { endAllSessions } from './admin-sessions';

const KEY_ROW_ID = 1;

/** SHA-256 is enough here: a generated key carries 256 random bits, so there is nothing to brute-force. */
export function hashKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key, 'utf8').digest();
}

/** A new key: 32 random bytes, base64url (43 characters), safe to paste anywhere. */
export function generateKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Compares in constant time: both sides are hashed first, so lengths always match. */
export function keyMatches(provided: string, expectedHash: Buffer): boolean {
  return crypto.timingSafeEqual(hashKey(provided), expectedHash);
}

export async function readStoredKeyHash(db: Kysely<DatabaseSchema>): Promise<Buffer | undefined> {
  const row = await db.selectFrom('admin_key').select('key_hash').where('id', '=', KEY_ROW_ID).executeTakeFirst();
  return row ? Buffer.from(row.key_hash, 'hex') : undefined;
}

/**
 * Replaces the stored key with a new one and returns it; the old key stops working at once and
 * every staff session ends (they also carry the old key's fingerprint, so one opened meanwhile
 * is refused too).
 */
export async function rotateKey(db: Kysely<DatabaseSchema>, now: Date): Promise<string> {
  const key = generateKey();
  const values = { key_hash: hashKey(key).toString('hex'), created_at: now.toISOString() };
  await db
    .insertInto('admin_key')
    .values({ id: KEY_ROW_ID, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
  await endAllSessions(db);
  return key;
}

/** The banner printed once, to stdout, when a key is generated or rotated. */
export function keyBanner(key: string, reason: string): string {
  const line = '='.repeat(72);
  return [
    line,
    `ADMIN API KEY (${reason})`,
    '',
    `    ${key}`,
    '',
    'Copy it now into a password manager: it is shown only this once and only its',
    'hash is stored. Sign in at /admin with it. To replace it: npm run admin:key',
    line,
  ].join('\n');
}
