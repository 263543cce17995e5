import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import { FIRST_START_NAME } from '../../../shared/staff/display-names';
import type { Config } from '../../config';
import type { DatabaseSchema } from '../../db/schema';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { createAccountsRepo } from './accounts-repo';
import { createInvitationsRepo } from './invitations-repo';
import { invitationLink } from './mail-texts';

/**
 * A fresh install has no staff accounts (decision 0058): each start until the first owner exists
 * makes a new one-time setup link (an owner's invitation with no address) and answers it, to print
 * once; earlier links stop working, so only the newest printed one does. Undefined once anyone has
 * an account.
 */
export async function setupLinkIfNoAccounts(
  db: Kysely<DatabaseSchema>,
  config: Config,
  clock: Clock,
): Promise<string | undefined> {
  if (await createAccountsRepo(db, clock, createSecretBox(config.secretsKeyFile)).hasAny()) return undefined;
  const invitations = createInvitationsRepo(db, clock);
  await invitations.withdrawSetupLinks();
  const { token } = await invitations.create({
    email: null,
    roles: ['owner'],
    invitedBy: { name: FIRST_START_NAME, accountId: null },
  });
  return invitationLink(config.publicUrl, token);
}

/** The banner printed to stdout with the link. */
export function setupBanner(link: string): string {
  const line = '='.repeat(72);
  return [
    line,
    'SET UP THE FIRST STAFF ACCOUNT',
    '',
    `    ${link}`,
    '',
    'Open this link to make the owner account (it works once, within 48 hours). Until',
    'someone has, each start prints a new link and the older ones stop working.',
    line,
  ].join('\n');
}
