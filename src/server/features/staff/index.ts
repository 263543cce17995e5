import type { AppContext, FeaturePlugin } from '../../context';
import { accountRoutes } from './account-routes';
import { createAccountsRepo } from './accounts-repo';
import { apiTokenRoutes } from './api-token-routes';
import { createChallenges } from './challenges';
import { invitationRoutes } from './invitation-routes';
import { createInvitationsRepo } from './invitations-repo';
import { signInRoutes } from './sign-in-routes';

/**
 * Staff access (decision 0058): accounts and how they sign in, invitations, and the named API
 * tokens. Knowing who a request comes from on every call is authentication's (src/server/auth/),
 * which reads the accounts' and tokens' tables itself.
 */
export function createStaffFeature({ database, clock }: AppContext) {
  const accounts = createAccountsRepo(database.db, clock);
  const invitations = createInvitationsRepo(database.db, clock);
  const challenges = createChallenges(database.db, clock);

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(apiTokenRoutes, context);
    await app.register(signInRoutes, { ...context, accounts, challenges });
    await app.register(invitationRoutes, { ...context, accounts, invitations });
    await app.register(accountRoutes, { ...context, accounts });
  };
  return {
    routes,
    /** The hourly tidy of sign-ins left half-way. */
    deleteEndedChallenges: challenges.deleteEnded,
  };
}
