import { z } from 'zod';
import { renderSVG } from 'uqr';
import { authenticatorSetupSchema, passwordChangeSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { badRequest } from '../../errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords';
import { tooManySignIns } from '../../auth/sign-in-budgets';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import { ownAccountId, type Principal } from '../../auth/principal';
import type { AccountsRepo } from './accounts-repo';
import { freshlyProvedAccount, mailSignInChange } from './step-up';
import { authenticatorOfferSchema, staffAccountSchema } from '../../../shared/staff/responses';
import { answers, noContent } from '../../responses';

const ownAccount = { role: 'staff', changesNoContent: true } as const;

/**
 * A signed-in person's own ways to sign in, beside their passkeys (passkey-routes.ts): setting or
 * changing their password and setting up an authenticator app for the codes (decision 0058),
 * each only after a fresh proof (step-up.ts), each e-mailed to the person and recorded; a new
 * password signs out every other session of the account, and so does "Sign out everywhere
 * else". The admin key and tokens have no account.
 */
export const ownSignInRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, clock, accounts, record, siteFacts } = context;
  /** The person's own stored account (a disabled one never gets here: its session has ended). */
  const ownAccountOf = async (principal: Principal) => (await accounts.find(ownAccountId(principal)))!;

  // The person's own account as the owners' list shows it: which ways to sign in they have.
  app.get(
    '/api/admin/staff/me',
    { config: ownAccount, schema: { response: answers({ 200: staffAccountSchema }) } },
    async (request) => {
      const account = await ownAccountOf(request.adminAuth!.principal);
      return accounts.view(account.id);
    },
  );

  app.put(
    '/api/admin/staff/me/password',
    { config: ownAccount, schema: { response: answers({ 204: noContent }), body: passwordChangeSchema } },
    async (request, reply) => {
      // A fresh proof (step-up.ts) stands for the current password; one sent anyway must be right.
      const { session } = freshlyProvedAccount(request, clock(), config.adminSession.stepUpMs);
      const account = await ownAccountOf(request.adminAuth!.principal);
      const { current, password } = request.body;
      // The fresh proof stands in for the current password (step-up); one sent must still be right,
      // and a guess at it takes its places in the sign-in budgets like any other.
      if (current !== undefined && account.password_hash !== null) {
        const taken = await app.signInBudgets.takePasswordPlaces(request.ip, account.email_key, clock);
        if (!taken.granted) throw tooManySignIns(taken.waitMs);
        if (!(await verifyPassword(current, account.password_hash, { clean: taken.clean }))) {
          await app.signInBudgets.passwordFailed(account.email_key, clock);
          throw badRequest('Your current password is not right.', 'current');
        }
        await taken.giveBack();
      }
      const problem = passwordProblem(password, account.email);
      if (problem) throw badRequest(problem, 'password');
      await accounts.setPassword(account.id, await hashPassword(password));
      // Whoever else held a session of this account (perhaps with the old password) is out now.
      await app.adminSessions.endOthersOf(account.id, session);
      await record(request, { action: 'account.sign-in-change', target: { kind: 'account', id: account.id } });
      await mailSignInChange(context, account.email, 'password', clock());
      return reply.code(204).send();
    },
  );

  // A fresh secret to offer, with the address and QR code apps take; nothing is stored until it is confirmed.
  app.post(
    '/api/admin/staff/me/authenticator/options',
    { config: ownAccount, schema: { response: answers({ 200: authenticatorOfferSchema }) } },
    async (request) => {
      const account = await ownAccountOf(request.adminAuth!.principal);
      const secret = newTotpSecret();
      const uri = otpauthUri(secret, account.email, (await siteFacts()).details.name);
      return { secret, uri, qrSvg: renderSVG(uri) };
    },
  );

  app.put(
    '/api/admin/staff/me/authenticator',
    { config: ownAccount, schema: { response: answers({ 204: noContent }), body: authenticatorSetupSchema } },
    async (request, reply) => {
      freshlyProvedAccount(request, clock(), config.adminSession.stepUpMs);
      const account = await ownAccountOf(request.adminAuth!.principal);
      const { secret, code } = request.body;
      const step = matchingStep(secret, code, clock(), null);
      if (step === undefined) {
        throw badRequest('That code is not right. Check the app shows this site, then enter its current code.', 'code');
      }
      await accounts.setAuthenticatorApp(account.id, secret, step);
      await record(request, { action: 'account.sign-in-change', target: { kind: 'account', id: account.id } });
      await mailSignInChange(context, account.email, 'authenticator-app', clock());
      return reply.code(204).send();
    },
  );

  // "Sign out everywhere else": every other session of the person's account ends at once.
  app.post(
    '/api/admin/staff/me/sign-out-others',
    { config: ownAccount, schema: { response: answers({ 200: z.object({ ended: z.number().int() }) }) } },
    async (request) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      const auth = request.adminAuth!;
      if (auth.via !== 'session') throw badRequest('Sign in as yourself to sign out your other sessions.');
      const ended = await app.adminSessions.endOthersOf(accountId, auth.session.token);
      await record(request, { action: 'account.sign-out-others', target: { kind: 'account', id: accountId } });
      return { ended };
    },
  );
};
