import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminSessionInfo } from '../../shared/admin-session';
import { staffRoles } from '../../shared/staff/staff';
import type { DatabaseSchema } from '../db/schema';
import { adminKeyPrincipal, type Principal, rolesFromColumn } from './principal';
import type { Clock } from '../../shared/clock';

export interface SessionLimits {
  /** Ends after this long without an admin call. */
  idleMs: number;
  /** Ends this long after sign-in, however active. */
  maxMs: number;
}

/** A live session: whose it is, what the request may do and what to tell the client. */
export interface LiveSession extends Omit<AdminSessionInfo, 'who'> {
  token: string;
  principal: Principal;
  /** When the session last proved who holds it: its sign-in, or a step-up since (issue 36). */
  provedAt: string;
}

/** Who a session is opened for: a member of staff's account, or whoever holds the admin key. */
export type SessionOwner = { accountId: number } | { keyHash: Buffer };

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
  now: Clock,
) {
  // Writing last_seen_at on every call is needless: a fraction of the idle time is precise enough.
  const touchEveryMs = Math.min(60_000, limits.idleMs / 10);
  const info = (token: string, expiresAt: string, principal: Principal, provedAt: string): LiveSession => ({
    token,
    principal,
    provedAt,
    csrfToken: csrfTokenFor(token),
    idleMs: limits.idleMs,
    expiresAt,
  });

  /** An account's principal while it is enabled and holds a role; undefined ends its sessions. */
  const accountPrincipal = async (accountId: number): Promise<Principal | undefined> => {
    const account = await db
      .selectFrom('staff_accounts')
      .select(['id', 'name', 'roles'])
      .where('id', '=', accountId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    const roles = account ? rolesFromColumn(account.roles, staffRoles) : [];
    return account && roles.length > 0 ? { kind: 'account', id: account.id, name: account.name, roles } : undefined;
  };

  /** Whose a stored session is now: its account's, or the key's while the key is unchanged. */
  const principalOf = async (row: { account_id: number | null; key_fingerprint: string }) => {
    if (row.account_id !== null) return accountPrincipal(row.account_id);
    const keyHash = await currentKeyHash();
    return keyHash && row.key_fingerprint === fingerprintOf(keyHash) ? adminKeyPrincipal : undefined;
  };

  return {
    limits,

    async open(owner: SessionOwner): Promise<LiveSession> {
      const principal = 'keyHash' in owner ? adminKeyPrincipal : await accountPrincipal(owner.accountId);
      if (!principal) throw new Error('A session was asked for an account that cannot sign in.');
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + limits.maxMs).toISOString();
      await db
        .insertInto('admin_sessions')
        .values({
          token_hash: sha256Hex(token),
          key_fingerprint: 'keyHash' in owner ? fingerprintOf(owner.keyHash) : '',
          account_id: 'accountId' in owner ? owner.accountId : null,
          created_at: at.toISOString(),
          last_seen_at: at.toISOString(),
          expires_at: expiresAt,
          // Signing in is a proof of who holds the session, at its time.
          proved_at: at.toISOString(),
        })
        .execute();
      return info(token, expiresAt, principal, at.toISOString());
    },

    /**
     * The live session the token names, its idle clock restarted; undefined when there is none
     * (never was, idle too long, too old, signed out, opened with a key that has changed, or
     * its account is disabled or has no role left: checked on every call, so on every instance).
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
      const idleSince = at.getTime() - Date.parse(row.last_seen_at);
      const principal = await principalOf(row);
      const ended = Date.parse(row.expires_at) <= at.getTime() || idleSince >= limits.idleMs || !principal;
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
      return info(token, row.expires_at, principal, row.proved_at ?? row.created_at);
    },

    /** A step-up succeeded (a passkey, or a password and a code): the session has proved itself now. */
    async prove(token: string): Promise<string> {
      const at = now().toISOString();
      await db
        .updateTable('admin_sessions')
        .set({ proved_at: at })
        .where('token_hash', '=', sha256Hex(token))
        .execute();
      return at;
    },

    /** Ends every session of the account but the one given ("Sign out everywhere else", a new password). */
    async endOthersOf(accountId: number, keep: string): Promise<number> {
      const result = await db
        .deleteFrom('admin_sessions')
        .where('account_id', '=', accountId)
        .where('token_hash', '!=', sha256Hex(keep))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
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
  at: Date,
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
