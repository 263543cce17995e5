import { renderSVG } from 'uqr';
import { authenticatorSetupSchema, passwordChangeSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { badRequest } from '../../errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { Principal } from '../../auth/principal';
import type { AccountsRepo } from './accounts-repo';
import { ownAccountId } from './own-account';

const ownAccount = { role: 'staff', changesNoContent: true } as const;

/**
 * A signed-in person's own ways to sign in, beside their passkeys (passkey-routes.ts): setting or
 * changing their password (the current one asked when there is one) and setting up an
 * authenticator app for the codes (decision 0058). The admin key and tokens have no account.
 */
export const ownSignInRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, { clock, accounts, record, siteFacts }) => {
  /** The person's own stored account (a disabled one never gets here: its session has ended). */
  const ownAccountOf = async (principal: Principal) => (await accounts.find(ownAccountId(principal)))!;

  // The person's own account as the owners' list shows it: which ways to sign in they have.
  app.get('/api/admin/staff/me', { config: ownAccount }, async (request, reply) => {
    const account = await ownAccountOf(request.adminAuth!.principal);
    reply.header('cache-control', 'no-store');
    return accounts.view(account.id);
  });

  app.put(
    '/api/admin/staff/me/password',
    { config: ownAccount, schema: { body: passwordChangeSchema } },
    async (request, reply) => {
      const account = await ownAccountOf(request.adminAuth!.principal);
      const { current, password } = request.body;
      if (
        account.password_hash !== null &&
        !(current !== undefined && (await verifyPassword(current, account.password_hash)))
      ) {
        throw badRequest('Your current password is not right.', 'current');
      }
      const problem = passwordProblem(password, account.email);
      if (problem) throw badRequest(problem, 'password');
      await accounts.setPassword(account.id, await hashPassword(password));
      await record(request, { action: 'account.sign-in-change', target: { kind: 'account', id: account.id } });
      return reply.code(204).send();
    },
  );

  // A fresh secret to offer, with the address and QR code apps take; nothing is stored until it is confirmed.
  app.post('/api/admin/staff/me/authenticator/options', { config: ownAccount }, async (request, reply) => {
    const account = await ownAccountOf(request.adminAuth!.principal);
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, account.email, (await siteFacts()).details.name);
    reply.header('cache-control', 'no-store');
    return { secret, uri, qrSvg: renderSVG(uri) };
  });

  app.put(
    '/api/admin/staff/me/authenticator',
    { config: ownAccount, schema: { body: authenticatorSetupSchema } },
    async (request, reply) => {
      const account = await ownAccountOf(request.adminAuth!.principal);
      const { secret, code } = request.body;
      const step = matchingStep(secret, code, clock(), null);
      if (step === undefined) {
        throw badRequest('That code is not right. Check the app shows this site, then enter its current code.', 'code');
      }
      await accounts.setAuthenticatorApp(account.id, secret, step);
      await record(request, { action: 'account.sign-in-change', target: { kind: 'account', id: account.id } });
      return reply.code(204).send();
    },
  );
};
