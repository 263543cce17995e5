import { canonicalEmail } from '../../../shared/canonical-email';
import type { AppContext } from '../../context';
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo, StoredAccount } from './accounts-repo';
import { signInLimitMail } from './mail-texts';

/**
 * The one mail sent when an account's sign-in budget trips (decision 0058, "Budgets and the
 * access log"): to the owners when its password back-off starts, to the person and the owners
 * when its wrong codes are spent. Through the outbox; nothing when mail is off.
 */
export function createSignInAlerts(
  { config, database, mailWorker, clock }: AppContext,
  accounts: AccountsRepo,
  siteFacts: ReadSiteFacts,
) {
  const send = async (account: StoredAccount, what: 'passwords' | 'codes') => {
    if (!config.mail) return;
    const owners = await accounts.enabledOwnerEmails();
    const recipients = new Map<string, string>();
    for (const email of what === 'codes' ? [account.email, ...owners] : owners) {
      if (!recipients.has(canonicalEmail(email))) recipients.set(canonicalEmail(email), email);
    }
    const businessName = (await siteFacts()).details.name;
    for (const [key, email] of recipients) {
      const toPerson = key === account.email_key;
      await enqueueEmail(
        database.db,
        signInLimitMail(email, { what, accountEmail: account.email, toPerson, businessName }),
        clock(),
      );
    }
    mailWorker?.wake();
  };
  return {
    passwordsTripped: (account: StoredAccount) => send(account, 'passwords'),
    codesTripped: (account: StoredAccount) => send(account, 'codes'),
  };
}

export type SignInAlerts = ReturnType<typeof createSignInAlerts>;
