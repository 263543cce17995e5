import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { type StaffInvitation, type StaffRole, staffRoles } from '../../../shared/staff/staff';
import type { DatabaseSchema, StaffInvitationsTable } from '../../db/schema';
import { rolesFromColumn } from '../../auth/principal';
import { rolesColumn } from './accounts-repo';
import { sha256Hex } from './challenges';
import type { Clock } from '../../../shared/clock';

/** An invitation link works for this long (decision 0058). */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
const tokenPattern = /^[\w-]{43}$/;

const invitationOf = (row: Selectable<StaffInvitationsTable>): StaffInvitation => ({
  id: row.id,
  email: row.email,
  roles: rolesFromColumn(row.roles, staffRoles),
  invitedBy: row.invited_by,
  invitedByAccountId: row.invited_by_account_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/**
 * One-time links that make an account (decision 0058): an owner's invitation to an address, or
 * the setup link of a fresh install (no address: whoever holds it becomes the first owner).
 */
export function createInvitationsRepo(db: Kysely<DatabaseSchema>, now: Clock) {
  const live = () => now().toISOString();
  return {
    /** `invitedBy`: by name (shown) and account (null for the admin key and the first start). */
    async create(values: {
      email: string | null;
      roles: readonly StaffRole[];
      invitedBy: { name: string; accountId: number | null };
    }) {
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      const row = await db
        .insertInto('staff_invitations')
        .values({
          token_hash: sha256Hex(token),
          email: values.email,
          roles: rolesColumn(values.roles),
          invited_by: values.invitedBy.name,
          invited_by_account_id: values.invitedBy.accountId,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
          used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { token, invitation: invitationOf(row) };
    },

    /** The invitation a link names while it can still be used; undefined otherwise. */
    async findUsable(token: string): Promise<StaffInvitation | undefined> {
      if (!tokenPattern.test(token)) return undefined;
      const row = await db
        .selectFrom('staff_invitations')
        .selectAll()
        .where('token_hash', '=', sha256Hex(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .executeTakeFirst();
      return row && invitationOf(row);
    },

    /** Uses it up, in the caller's transaction; false when it was used (or ended) meanwhile. */
    async use(token: string, trx: Kysely<DatabaseSchema>): Promise<boolean> {
      if (!tokenPattern.test(token)) return false;
      const result = await trx
        .updateTable('staff_invitations')
        .set({ used_at: live() })
        .where('token_hash', '=', sha256Hex(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending ones (not used, not ended), newest first: the owners' list. */
    async listPending(): Promise<StaffInvitation[]> {
      const rows = await db
        .selectFrom('staff_invitations')
        .selectAll()
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .orderBy('id', 'desc')
        .execute();
      return rows.map(invitationOf);
    },

    /** Withdraws a pending one (its link stops working). False when there is none. */
    async withdraw(id: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ expires_at: live() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends every setup link still waiting: a new start prints a new one, and once anyone has an account none is needed. */
    async withdrawSetupLinks(trx: Kysely<DatabaseSchema> = db): Promise<void> {
      await trx
        .updateTable('staff_invitations')
        .set({ expires_at: live() })
        .where('email', 'is', null)
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .execute();
    },
  };
}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
