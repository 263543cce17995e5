import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokenCreate } from '../../shared/staff/schemas';
import type { ApiTokenRecord, CreatedApiToken } from '../../shared/staff/staff';
import { staffRoles } from '../../shared/staff/staff';
import type { ApiTokensTable, DatabaseSchema } from '../db/schema';
import { rolesFromColumn, type Principal } from './principal';
import type { Clock } from '../../shared/clock';

/**
 * A token says what it is (`nst_`, so a leaked one is recognisable in a log or a repository scan)
 * followed by 256 random bits. Anything else is not worth a database look-up.
 */
const tokenPrefix = 'nst_';
const tokenPattern = /^nst_[\w-]{43}$/;

export const looksLikeApiToken = (value: string) => tokenPattern.test(value);

const hashOf = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Recording every use would write on every scripted call; within the hour is precise enough. */
const touchEveryMs = 60 * 60_000;

const recordOf = (row: Selectable<ApiTokensTable>): ApiTokenRecord => ({
  id: row.id,
  name: row.name,
  roles: rolesFromColumn(row.roles, staffRoles),
  createdBy: row.created_by,
  createdByAccountId: row.created_by_account_id,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/** Named API tokens (decision 0058): created by an owner, shown once, stored hashed, revocable. */
export function createApiTokenStore(db: Kysely<DatabaseSchema>, now: Clock) {
  return {
    /** `createdBy`: who makes it, by name (shown in the list) and account (null for the admin key). */
    async create(
      { name, roles }: ApiTokenCreate,
      createdBy: { name: string; accountId: number | null },
    ): Promise<CreatedApiToken> {
      const token = `${tokenPrefix}${crypto.randomBytes(32).toString('base64url')}`;
      const row = await db
        .insertInto('api_tokens')
        .values({
          name,
          token_hash: hashOf(token),
          // Stored in the roles' own order, so the list reads the same however they were sent.
          roles: staffRoles.filter((role) => roles.includes(role)).join(','),
          created_by: createdBy.name,
          created_by_account_id: createdBy.accountId,
          created_at: now().toISOString(),
          last_used_at: null,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...recordOf(row), token };
    },

    async list(): Promise<ApiTokenRecord[]> {
      const rows = await db.selectFrom('api_tokens').selectAll().orderBy('id', 'desc').execute();
      return rows.map(recordOf);
    },

    /** Ends a token at once, on every instance (each request looks it up). False when there is no live one. */
    async revoke(id: number): Promise<boolean> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: now().toISOString() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The principal a presented token stands for, or undefined (unknown, revoked, or no role left). */
    async principalFor(token: string): Promise<Principal | undefined> {
      if (!looksLikeApiToken(token)) return undefined;
      const row = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', hashOf(token))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const roles = rolesFromColumn(row.roles, staffRoles);
      if (roles.length === 0) return undefined;
      const at = now();
      if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) >= touchEveryMs) {
        await db.updateTable('api_tokens').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute();
      }
      return { kind: 'token', id: row.id, name: row.name, roles };
    },
  };
}

export type ApiTokenStore = ReturnType<typeof createApiTokenStore>;
