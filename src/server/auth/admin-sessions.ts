import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminSessionInfo } from '../../shared/admin-session';
import type { DatabaseSchema } from '../db/schema';

export interface SessionLimits {
  /** Ends after this long without an admin call. */
  idleMs: number;
  /** Ends this long after sign-in, however active. */
  maxMs: number;
}

/** A live session: what the request may do and what to tell the client. */
export interface LiveSession extends AdminSessionInfo {
  token: string;
}

/** A session token: 32 random bytes, base64url. Anything else is not worth a database look-up. */
const tokenPattern = /^[\w-]{43}$/;

const sha256Hex = (value: string | Buffer) => crypto.createHash('sha256').update(value).digest('hex');

/** The key a session was opened with, as a fingerprint: a changed key ends the session. */
const fingerprintOf = (keyHash: Buffer) => sha256Hex(keyHash);

/**
 * The session's CSRF token, derived from the session token: nothing more to store, and useless
 * without the cookie it belongs to (which scripts cannot read).
 */
export function csrfTokenFor(token: string): string {
  return crypto.createHmac('sha256', token).update('admin-csrf').digest('base64url');
}

/** Compares in constant time; hashing first makes the lengths equal whatever was sent. */
export function csrfMatches(token: string, provided: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  return crypto.timingSafeEqual(digest(csrfTokenFor(token)), digest(provided));
}

/**
 * Staff sessions in the database (admin_sessions), so every worker and instance sees the same
 * ones. Only a hash of each token is stored. `now` is the clock (tests pass their own).
 */
export function createSessionStore(
  db: Kysely<DatabaseSchema>,
  limits: SessionLimits,
  /** The admin key's hash now (read per call, so a rotation anywhere ends sessions everywhere). */
  currentKeyHash: () => Promise<Buffer | undefined>,
  now: () => Date = () => new Date(),
) {
  // Writing last_seen_at on every call is needless: a fraction of the idle time is precise enough.
  const touchEveryMs = Math.min(60_000, limits.idleMs / 10);
  const info = (token: string, expiresAt: string): LiveSession => ({
    token,
    csrfToken: csrfTokenFor(token),
    idleMs: limits.idleMs,
    expiresAt,
  });

  return {
    limits,

    async open(keyHash: Buffer): Promise<LiveSession> {
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + limits.maxMs).toISOString();
      await db
        .insertInto('admin_sessions')
        .values({
          token_hash: sha256Hex(token),
          key_fingerprint: fingerprintOf(keyHash),
          created_at: at.toISOString(),
          last_seen_at: at.toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      return info(token, expiresAt);
    },

    /**
     * The live session the token names, its idle clock restarted; undefined when there is none
     * (never was, idle too long, too old, signed out, or opened with a key that has changed).
     */
    async resume(token: string): Promise<LiveSession | undefined> {
      if (!tokenPattern.test(token)) return undefined;
      const tokenHash = sha256Hex(token);
      const row = await db
        .selectFrom('admin_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const at = now();
      const keyHash = await currentKeyHash();
      const idleSince = at.getTime() - Date.parse(row.last_seen_at);
      const ended =
        Date.parse(row.expires_at) <= at.getTime() ||
        idleSince >= limits.idleMs ||
        !keyHash ||
        row.key_fingerprint !== fingerprintOf(keyHash);
      if (ended) {
        await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
        return undefined;
      }
      if (idleSince >= touchEveryMs) {
        await db
          .updateTable('admin_sessions')
          .set({ last_seen_at: at.toISOString() })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return info(token, row.expires_at);
    },

    async end(token: string): Promise<void> {
      if (!tokenPattern.test(token)) return;
      await db.deleteFrom('admin_sessions').where('token_hash', '=', sha256Hex(token)).execute();
    },

    /** The daily purge: sessions past either limit (they would be refused anyway). */
    async deleteEnded(): Promise<number> {
      return deleteEndedSessions(db, limits, now());
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export async function deleteEndedSessions(
  db: Kysely<DatabaseSchema>,
  limits: SessionLimits,
  at: Date = new Date(),
): Promise<number> {
  const idleBefore = new Date(at.getTime() - limits.idleMs).toISOString();
  const result = await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at.toISOString()), eb('last_seen_at', '<=', idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rotating the key ends every session at once (the fingerprint check would too; this also tidies). */
export async function endAllSessions(db: Kysely<DatabaseSchema>): Promise<void> {
  await db.deleteFrom('admin_sessions').execute();
}
