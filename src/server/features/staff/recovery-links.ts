import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { DatabaseSchema, StaffRecoveryLinksTable } from '../../db/schema';
import { sha256Hex } from './challenges';

export type RecoveryLink = Selectable<StaffRecoveryLinksTable>;
export type RecoveryKind = RecoveryLink['kind'];

/** How long each kind of link works (decision 0058, "Recovery"). */
export const RECOVERY_TTL_MS: Record<RecoveryKind, number> = {
  // Asked for by whoever typed the address: short, and useless without the person's code.
  forgot: 60 * 60_000,
  // Sent by an owner, who vouches for the person: as long as an invitation.
  reset: 48 * 60 * 60_000,
};
const tokenPattern = /^[\w-]{43}$/;

/**
 * One-time links back into an existing account (issue 38): the browser holds the token, only its
 * hash is stored. Only an account's newest link works, and only until its time or its first use.
 */
export function createRecoveryLinks(db: Kysely<DatabaseSchema>, now: Clock) {
  const live = () => now().toISOString();
  return {
    /** A new link for the account; every earlier one of the account stops working. */
    async create(accountId: number, kind: RecoveryKind, sentBy: number | null): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      await db.transaction().execute(async (trx) => {
        await endAllOf(trx, accountId, at.toISOString());
        await trx
          .insertInto('staff_recovery_links')
          .values({
            token_hash: sha256Hex(token),
            account_id: accountId,
            kind,
            sent_by_account_id: sentBy,
            created_at: at.toISOString(),
            expires_at: new Date(at.getTime() + RECOVERY_TTL_MS[kind]).toISOString(),
            used_at: null,
          })
          .execute();
      });
      return token;
    },

    /** The link a token names while it can still be used; undefined otherwise. */
    async findUsable(token: string): Promise<RecoveryLink | undefined> {
      if (!tokenPattern.test(token)) return undefined;
      return db
        .selectFrom('staff_recovery_links')
        .selectAll()
        .where('token_hash', '=', sha256Hex(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .executeTakeFirst();
    },

    /** Uses it up, in the caller's transaction; false when it was used (or ended) meanwhile. */
    async use(token: string, trx: Kysely<DatabaseSchema>): Promise<boolean> {
      if (!tokenPattern.test(token)) return false;
      const result = await trx
        .updateTable('staff_recovery_links')
        .set({ used_at: live() })
        .where('token_hash', '=', sha256Hex(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', live())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** Ends every link of the account still waiting (a newer one was made, or one was used). */
export async function endAllOf(trx: Kysely<DatabaseSchema>, accountId: number, at: string): Promise<void> {
  await trx
    .updateTable('staff_recovery_links')
    .set({ expires_at: at })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

/**
 * Everything that let the account in until now ends with the change (issue 38): its sessions (and
 * with them any fresh step-up), its sign-ins and step-ups half-way, and its other links.
 */
export async function endEverySignInOf(trx: Kysely<DatabaseSchema>, accountId: number, at: string): Promise<void> {
  await trx.deleteFrom('admin_sessions').where('account_id', '=', accountId).execute();
  await trx.deleteFrom('sign_in_challenges').where('account_id', '=', accountId).execute();
  await endAllOf(trx, accountId, at);
}

export type RecoveryLinks = ReturnType<typeof createRecoveryLinks>;
