import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../coordination/rate-limit-store';
import { perAddress } from '../../client-address';
import type { AppContext, FeaturePlugin } from '../../context';
import { AppError } from '../../errors';
import { createSecretBox } from '../../auth/secrets-at-rest';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import { accountRoutes } from './account-routes';
import { createAccountsRepo } from './accounts-repo';
import { apiTokenRoutes } from './api-token-routes';
import { createChallenges } from './challenges';
import { invitationRoutes } from './invitation-routes';
import { createInvitationsRepo } from './invitations-repo';
import { createInvitationsService } from './invitations-service';
import { ownSignInRoutes } from './own-sign-in-routes';
import { passkeyRoutes } from './passkey-routes';
import { createRecoveryLinks } from './recovery-links';
import { recoveryRoutes } from './recovery-routes';
import { resetRoutes } from './reset-routes';
import { createPasskeys } from './passkeys';
import { createSignInAlerts } from './sign-in-alerts';
import { signInRoutes } from './sign-in-routes';
import { createSignInService } from './sign-in-service';
import { stepUpRoutes } from './step-up-routes';

export { setupBanner, setupLinkIfNoAccounts } from './setup-link';

/** Public staff requests (signing in, accepting an invitation) per address in a quarter of an hour. */
const PUBLIC_STAFF_REQUESTS = 60;

/**
 * Staff access (decision 0058): accounts and how they sign in (passwords with a code, passkeys),
 * invitations, and the named API tokens, each sign-in and change recorded in the access log.
 * Knowing who a request comes from on every call is authentication's (src/server/auth/), which
 * reads the accounts' and tokens' tables itself.
 */
export function createStaffFeature(
  context: AppContext,
  { record, siteFacts }: { record: RecordAccess; siteFacts: ReadSiteFacts },
) {
  const { config, database, clock } = context;
  const accounts = createAccountsRepo(database.db, clock, createSecretBox(config.secretsKeyFile));
  const invitations = createInvitationsRepo(database.db, clock);
  const challenges = createChallenges(database.db, clock);
  const recoveryLinks = createRecoveryLinks(database.db, clock);
  const passkeys = createPasskeys(database.db, config, challenges, clock, siteFacts);
  const alerts = createSignInAlerts(context, accounts, siteFacts);
  const invitationsService = createInvitationsService({
    db: database.db,
    config,
    clock,
    accounts,
    invitations,
    passkeys,
  });

  const routes: FeaturePlugin = async (app, context) => {
    // One count per address for every public staff route, in the database so it holds across
    // processes: each such request may hash a password or store a challenge, so strangers get few.
    await app.register(rateLimit, {
      global: false,
      // An IPv6 client by its /64, like every per-address limit.
      keyGenerator: perAddress,
      store: databaseRateLimitStore(database.db, database.writes, 'staff', clock),
      errorResponseBuilder: (_request, limit) =>
        new AppError(
          429,
          'RATE_LIMITED',
          `Too many sign-in requests from your connection. Please try again in ${limit.after}.`,
        ),
    });
    const limitPerAddress = app.rateLimit({ max: PUBLIC_STAFF_REQUESTS, timeWindow: '15 minutes' });
    // Over the app's sign-in budgets, which authentication's hook (auth/admin-auth.ts) counts in too.
    const signInService = createSignInService({
      ...context,
      accounts,
      alerts,
      challenges,
      siteFacts,
      budgets: app.signInBudgets,
    });
    const uses = {
      ...context,
      signInService,
      accounts,
      alerts,
      invitations,
      invitationsService,
      challenges,
      passkeys,
      recoveryLinks,
      limitPerAddress,
      record,
      siteFacts,
    };
    await app.register(apiTokenRoutes, { ...context, record });
    await app.register(signInRoutes, uses);
    await app.register(invitationRoutes, uses);
    await app.register(passkeyRoutes, uses);
    await app.register(ownSignInRoutes, uses);
    await app.register(stepUpRoutes, uses);
    await app.register(accountRoutes, uses);
    await app.register(recoveryRoutes, uses);
    await app.register(resetRoutes, uses);
  };
  return {
    routes,
    /** The hourly tidy of sign-ins left half-way. */
    deleteEndedChallenges: challenges.deleteEnded,
  };
}
