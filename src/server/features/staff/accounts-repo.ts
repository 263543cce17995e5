import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { canonicalEmail } from '../../../shared/canonical-email';
import { type StaffAccount, type StaffRole, staffRoles } from '../../../shared/staff/staff';
import type { DatabaseSchema, StaffAccountsTable } from '../../db/schema';
import { rolesFromColumn } from '../../auth/principal';
import { authenticatorSecretContext, type SecretBox } from '../../auth/secrets-at-rest';
import type { Clock } from '../../../shared/clock';
import { nameKey } from '../../../shared/staff/display-names';

export type StoredAccount = Selectable<StaffAccountsTable>;

/** Roles as stored: once each, in the fixed order, joined by commas. */
export const rolesColumn = (roles: readonly StaffRole[]) => staffRoles.filter((role) => roles.includes(role)).join(',');

export const accountOf = (row: StoredAccount, passkeys: number): StaffAccount => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: rolesFromColumn(row.roles, staffRoles),
  signIn: { passkeys, password: row.password_hash !== null, authenticatorApp: row.totp_secret !== null },
  disabledAt: row.disabled_at,
  createdAt: row.created_at,
});

/** What changing an account did: with 'changed', the leaver's tokens revoked and invitations withdrawn by it. */
export type AccountChangeOutcome =
  | { outcome: 'changed'; ended: { apiTokens: number[]; invitations: number[] } }
  | { outcome: 'not-found' }
  | { outcome: 'last-owner' };

/**
 * Staff accounts (decision 0058): who they are and how they sign in. An authenticator app's secret
 * is written and read only here, encrypted at rest through `secrets` (auth/secrets-at-rest.ts).
 */
export function createAccountsRepo(db: Kysely<DatabaseSchema>, now: Clock, secrets: SecretBox) {
  return {
    async create(
      values: { name: string; email: string; roles: readonly StaffRole[]; passwordHash: string | null },
      trx: Kysely<DatabaseSchema> = db,
    ): Promise<StoredAccount> {
      return trx
        .insertInto('staff_accounts')
        .values({
          name: values.name,
          email: values.email,
          email_key: canonicalEmail(values.email),
          name_key: nameKey(values.name),
          roles: rolesColumn(values.roles),
          password_hash: values.passwordHash,
          totp_secret: null,
          totp_last_step: null,
          disabled_at: null,
          created_at: now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Whether another account's name reads the same (display-names.ts, `nameKey`). Every name is
     * compared, not only the stored keys, so accounts from before the keys (or two older ones that
     * share a name) count too; the unique key catches two made at once.
     */
    async nameInUse(name: string, trx: Kysely<DatabaseSchema> = db): Promise<boolean> {
      const key = nameKey(name);
      const rows = await trx.selectFrom('staff_accounts').select('name').execute();
      return rows.some((row) => nameKey(row.name) === key);
    },

    find(id: number): Promise<StoredAccount | undefined> {
      return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** By e-mail address however it is written (canonical-email.ts). */
    findByEmail(email: string, trx: Kysely<DatabaseSchema> = db): Promise<StoredAccount | undefined> {
      return trx
        .selectFrom('staff_accounts')
        .selectAll()
        .where('email_key', '=', canonicalEmail(email))
        .executeTakeFirst();
    },

    /** One account as the owners' list shows it. */
    async view(id: number): Promise<StaffAccount | undefined> {
      const row = await db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const keys = await db
        .selectFrom('staff_passkeys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('account_id', '=', id)
        .executeTakeFirstOrThrow();
      return accountOf(row, Number(keys.count));
    },

    /** The enabled owners' addresses: who is told when an account's sign-in budget trips. */
    async enabledOwnerEmails(): Promise<string[]> {
      const rows = await db
        .selectFrom('staff_accounts')
        .select(['email', 'roles'])
        .where('disabled_at', 'is', null)
        .where('roles', 'like', '%owner%')
        .execute();
      return rows.filter((row) => row.roles.split(',').includes('owner')).map((row) => row.email);
    },

    async hasAny(): Promise<boolean> {
      return (await db.selectFrom('staff_accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async list(): Promise<StaffAccount[]> {
      const rows = await db.selectFrom('staff_accounts').selectAll().orderBy('name').orderBy('id').execute();
      const counts = await db
        .selectFrom('staff_passkeys')
        .select(['account_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('account_id')
        .execute();
      const passkeys = new Map(counts.map((row) => [row.account_id, Number(row.count)]));
      return rows.map((row) => accountOf(row, passkeys.get(row.id) ?? 0));
    },

    async setPassword(id: number, passwordHash: string | null, trx: Kysely<DatabaseSchema> = db): Promise<void> {
      await trx.updateTable('staff_accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },

    /** Sets (or, with null, removes) the account's authenticator app: its secret stored encrypted. */
    async setAuthenticatorApp(
      id: number,
      secret: string | null,
      usedStep: number | null,
      trx: Kysely<DatabaseSchema> = db,
    ): Promise<void> {
      const stored = secret === null ? null : secrets.seal(secret, authenticatorSecretContext(id));
      await trx
        .updateTable('staff_accounts')
        .set({ totp_secret: stored, totp_last_step: usedStep })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Changes an account's roles or whether it is disabled, keeping at least one enabled owner:
     * 'last-owner' when the change would leave none. Disabling also ends its sessions (they would
     * be refused at their next call anyway), revokes the API tokens it made and withdraws the
     * invitations it sent and that are still pending. The enabled owners' rows are locked first (a no-op
     * update), so two owners demoting each other at once cannot both succeed on PostgreSQL;
     * SQLite runs one writer at a time.
     */
    async change(
      id: number,
      change: { roles?: readonly StaffRole[]; disabled?: boolean },
    ): Promise<AccountChangeOutcome> {
      return db.transaction().execute(async (trx) => {
        const isOwner = (eb: ExpressionBuilder<DatabaseSchema, 'staff_accounts'>) =>
          eb.and([eb('roles', 'like', '%owner%'), eb('disabled_at', 'is', null)]);
        await trx
          .updateTable('staff_accounts')
          .set((eb) => ({ roles: eb.ref('roles') }))
          .where(isOwner)
          .execute();
        const account = await trx.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
        if (!account) return { outcome: 'not-found' };
        const roles = change.roles ? rolesColumn(change.roles) : account.roles;
        const disabledAt =
          change.disabled === undefined ? account.disabled_at : change.disabled ? now().toISOString() : null;
        const wasOwner = account.roles.split(',').includes('owner') && account.disabled_at === null;
        const stillOwner = roles.split(',').includes('owner') && disabledAt === null;
        if (wasOwner && !stillOwner) {
          const otherOwner = await trx
            .selectFrom('staff_accounts')
            .select('id')
            .where(isOwner)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (!otherOwner) return { outcome: 'last-owner' };
        }
        // A disabled account keeps the time it was first disabled.
        const keptDisabledAt = account.disabled_at !== null && disabledAt !== null ? account.disabled_at : disabledAt;
        await trx
          .updateTable('staff_accounts')
          .set({ roles, disabled_at: keptDisabledAt })
          .where('id', '=', id)
          .execute();
        if (keptDisabledAt === null) return { outcome: 'changed', ended: { apiTokens: [], invitations: [] } };
        // A leaver leaves (issue 36): their sessions, the tokens they made and the invitations
        // they sent all end with the account, in the same transaction.
        await trx.deleteFrom('admin_sessions').where('account_id', '=', id).execute();
        const at = now().toISOString();
        const apiTokens = await trx
          .updateTable('api_tokens')
          .set({ revoked_at: at })
          .where('created_by_account_id', '=', id)
          .where('revoked_at', 'is', null)
          .returning('id')
          .execute();
        const invitations = await trx
          .updateTable('staff_invitations')
          .set({ expires_at: at })
          .where('invited_by_account_id', '=', id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .returning('id')
          .execute();
        return {
          outcome: 'changed',
          ended: { apiTokens: apiTokens.map((row) => row.id), invitations: invitations.map((row) => row.id) },
        };
      });
    },

    /** The account's authenticator secret as the app holds it (base32); null without an app. */
    authenticatorSecret(account: Pick<StoredAccount, 'id' | 'totp_secret'>): string | null {
      return account.totp_secret === null
        ? null
        : secrets.open(account.totp_secret, authenticatorSecretContext(account.id));
    },

    /**
     * Records the step of an app code just used, only if it is later than the last: false when
     * another request used that code (or a later one) first, so each code signs in once.
     */
    async useAuthenticatorStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_accounts')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
