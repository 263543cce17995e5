import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import { canonicalEmail } from '../../../shared/canonical-email';
import { FIRST_START_NAME } from '../../../shared/staff/display-names';
import type { InvitationAccept } from '../../../shared/staff/schemas';
import type { Config } from '../../config';
import type { DatabaseSchema } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../errors';
import type { AccountsRepo, StoredAccount } from './accounts-repo';
import type { InvitationsRepo } from './invitations-repo';
import { checkedNewPassword } from './new-sign-in';
import type { Passkeys } from './passkeys';

const linkEnded = () => notFound('This invitation link has expired or was already used. Please ask for a new one.');
const addressTaken = () => conflict('There is already an account for this address.', 'email');
/** Two people the access log could not tell apart by name (issue 36): the second chooses another. */
const nameTaken = () =>
  badRequest(
    'Someone on the staff already has this name. Add an initial or your surname, so the access log can tell you apart.',
    'name',
  );
/** Which unique key refused an account made at the same moment as another (name_key or email_key). */
const nameOrAddressTaken = (error: unknown) =>
  /name_key/.test(String((error as Error).message)) ? nameTaken() : addressTaken();

/**
 * A fresh install's one-time setup link's token (an owner's invitation with no address, accepted
 * like any other), or undefined once anyone has an account. Earlier setup links stop working, so
 * only the newest printed one does. Its own function: the start calls it before any route exists.
 */
export async function setupTokenIfNoAccounts(
  accounts: Pick<AccountsRepo, 'hasAny'>,
  invitations: InvitationsRepo,
): Promise<string | undefined> {
  if (await accounts.hasAny()) return undefined;
  await invitations.withdrawSetupLinks();
  const { token } = await invitations.create({
    email: null,
    roles: ['owner'],
    invitedBy: { name: FIRST_START_NAME, accountId: null },
  });
  return token;
}

/**
 * Invitations (decision 0058) without HTTP: whoever holds a usable link names themselves and
 * chooses how to sign in; the account is made and the link used up in one transaction over the
 * accounts, the invitations and the passkeys. The first start's setup link is an owner's
 * invitation with no address. Refusals are the typed errors of errors.ts; opening a session, the
 * access log and the cookie are the routes'.
 */
export function createInvitationsService({
  db,
  config,
  clock,
  accounts,
  invitations,
  passkeys,
}: {
  db: Kysely<DatabaseSchema>;
  config: Config;
  clock: Clock;
  accounts: AccountsRepo;
  invitations: InvitationsRepo;
  passkeys: Pick<Passkeys, 'verifyRegistration' | 'store'>;
}) {
  const usable = async (token: string) => {
    const invitation = await invitations.findUsable(token);
    if (!invitation) throw linkEnded();
    return invitation;
  };

  return {
    /** The invitation a link stands for, while it may still be accepted. */
    usable,

    /** Refused when someone on the staff already has the name (said before a passkey is made for it). */
    async checkNameFree(name: string): Promise<void> {
      if (await accounts.nameInUse(name)) throw nameTaken();
    },

    /**
     * Makes the account the invitation offers and uses the link up: the new account and the
     * invitation's id. Of two acceptances at once, the second finds the link used.
     */
    async accept(input: InvitationAccept): Promise<{ account: StoredAccount; invitationId: number }> {
      const { token, name, password, authenticator, passkey } = input;
      const invitation = await usable(token);
      const email = invitation.email ?? input.email;
      if (!email) throw badRequest('E-mail address is required.', 'email');
      if (invitation.email && input.email && canonicalEmail(input.email) !== canonicalEmail(email)) {
        throw badRequest('This invitation is for another address.', 'email');
      }
      if (await accounts.nameInUse(name)) throw nameTaken();
      const { passwordHash, step } = await checkedNewPassword({ config, clock }, email, password, authenticator);
      const newKey = passkey ? await passkeys.verifyRegistration(passkey.challenge, passkey.answer, null) : undefined;

      const account = await db.transaction().execute(async (trx) => {
        if (!(await invitations.use(token, trx))) throw linkEnded();
        if (await accounts.findByEmail(email, trx)) throw addressTaken();
        // Again inside the transaction; the unique name key refuses one accepted at the same moment.
        if (await accounts.nameInUse(name, trx)) throw nameTaken();
        const created = await accounts
          .create({ name, email, roles: invitation.roles, passwordHash }, trx)
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? nameOrAddressTaken(error) : error;
          });
        if (authenticator && step !== null)
          await accounts.setAuthenticatorApp(created.id, authenticator.secret, step, trx);
        if (newKey) await passkeys.store(created.id, newKey, trx);
        // Once anyone has an account, a printed setup link must not make another owner.
        await invitations.withdrawSetupLinks(trx);
        return created;
      });
      return { account, invitationId: invitation.id };
    },

    /** The first start's setup link (below), over this service's stores. */
    setupTokenIfNoAccounts: () => setupTokenIfNoAccounts(accounts, invitations),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
