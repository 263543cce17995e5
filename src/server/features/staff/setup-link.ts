import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { Config } from '../../config';
import type { DatabaseSchema } from '../../db/schema';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { createAccountsRepo } from './accounts-repo';
import { createInvitationsRepo } from './invitations-repo';
import { setupTokenIfNoAccounts } from './invitations-service';
import { invitationLink } from './mail-texts';

/**
 * A fresh install has no staff accounts (decision 0058): each start until the first owner exists
 * makes a new one-time setup link (invitations-service.ts) and answers its address, to print once.
 * Undefined once anyone has an account.
 */
export async function setupLinkIfNoAccounts(
  db: Kysely<DatabaseSchema>,
  config: Config,
  clock: Clock,
): Promise<string | undefined> {
  const accounts = createAccountsRepo(db, clock, createSecretBox(config.secretsKeyFile));
  const token = await setupTokenIfNoAccounts(accounts, createInvitationsRepo(db, clock));
  return token === undefined ? undefined : invitationLink(config.publicUrl, token);
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
