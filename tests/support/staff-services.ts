import { prepareSecretsAtRest } from '../../src/server/auth/secrets-start';
import { createSecretBox } from '../../src/server/auth/secrets-at-rest';
import { createSignInBudgets, type SignInLimits, signInLimits } from '../../src/server/auth/sign-in-budgets';
import { stepAt, totpCode, newTotpSecret } from '../../src/server/auth/totp';
import { loadConfig } from '../../src/server/config';
import { createAccessLogFeature } from '../../src/server/features/access-log';
import { createSiteFactsFeature } from '../../src/server/features/site-facts';
import { createAccountsRepo } from '../../src/server/features/staff/accounts-repo';
import { createChallenges } from '../../src/server/features/staff/challenges';
import { createInvitationsRepo } from '../../src/server/features/staff/invitations-repo';
import { createInvitationsService } from '../../src/server/features/staff/invitations-service';
import { createPasskeys } from '../../src/server/features/staff/passkeys';
import { createSignInAlerts } from '../../src/server/features/staff/sign-in-alerts';
import { createSignInService } from '../../src/server/features/staff/sign-in-service';
import { movableClock } from './clock';
import { createTestDatabase } from './database';

/**
 * The staff services over a fresh database (SQLite, or PostgreSQL in the postgres project) and a
 * clock the test moves: the stores they are built on too, for arranging and checking. No HTTP;
 * mail is off, so a password comes with an authenticator app.
 */
export async function createStaffServices({ limits = signInLimits }: { limits?: SignInLimits } = {}) {
  const database = await createTestDatabase();
  const clock = movableClock(Date.UTC(2030, 0, 7, 9));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, PUBLIC_URL: 'https://www.example.test' });
  await prepareSecretsAtRest(database.db, config.secretsKeyFile, clock.now);
  const context = { config, database, clock: clock.now };
  const { record } = createAccessLogFeature(context);
  const siteFacts = createSiteFactsFeature(context, { record }).current;
  const accounts = createAccountsRepo(database.db, clock.now, createSecretBox(config.secretsKeyFile));
  const invitations = createInvitationsRepo(database.db, clock.now);
  const challenges = createChallenges(database.db, clock.now);
  const passkeys = createPasskeys(database.db, config, challenges, clock.now, siteFacts);
  const budgets = createSignInBudgets(database, limits);
  return {
    database,
    clock,
    accounts,
    invitations,
    budgets,
    invitationsService: createInvitationsService({ db: database.db, ...context, accounts, invitations, passkeys }),
    signInService: createSignInService({
      ...context,
      accounts,
      challenges,
      budgets,
      siteFacts,
      alerts: createSignInAlerts(context, accounts, siteFacts),
    }),
    /** A password and a fresh authenticator app, as an invitee chooses them, its code at the clock's time. */
    newSignIn(password: string) {
      const secret = newTotpSecret();
      return { password, authenticator: { secret, code: totpCode(secret, stepAt(clock.now())) } };
    },
  };
}
