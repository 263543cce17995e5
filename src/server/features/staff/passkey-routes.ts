import type { onRequestHookHandler } from 'fastify';
import { passkeyStepSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import { idParams } from '../../validation';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import type { RecordAccess } from '../access-log';
import type { AccountsRepo } from './accounts-repo';
import { ownAccountId } from './own-account';
import type { Passkeys } from './passkeys';

const keyParams = idParams((raw) => `You have no passkey ${raw}.`);
const ownAccount = { role: 'staff', changesNoContent: true } as const;

/**
 * Passkeys (decision 0058): signing in with one (public: nobody is signed in yet; never counted
 * as a failed sign-in, so a stranger cannot lock a named person out), and a signed-in person
 * adding and removing their own. The admin key and API tokens have no account to add one to.
 * Each sign-in goes to the access log, and so does a refused one (not counted, only recorded):
 * under the account when it is disabled, as 'unknown' when the passkey names none.
 */
export const passkeyRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  passkeys: Passkeys;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
}> = async (app, { config, accounts, passkeys, limitPerAddress, record }) => {
  app.post('/api/staff/sign-in/passkey/options', { onRequest: limitPerAddress }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.signInOptions();
  });

  app.post(
    '/api/staff/sign-in/passkey',
    { onRequest: limitPerAddress, schema: { body: passkeyStepSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const refused = { action: 'sign-in.failed', outcome: 'refused' } as const;
      let accountId: number;
      try {
        accountId = await passkeys.verifySignIn(request.body.challenge, request.body.answer);
      } catch (error) {
        await record(request, refused);
        throw error;
      }
      const account = await accounts.find(accountId);
      if (!account || account.disabled_at !== null) {
        const actor = account ? ({ kind: 'account', id: account.id, name: account.name } as const) : undefined;
        await record(request, { ...refused, actor });
        throw new AppError(401, 'UNAUTHORIZED', 'This account is disabled. Please ask an owner.');
      }
      const session = await app.adminSessions.open({ accountId });
      await record(request, { action: 'sign-in', actor: { kind: 'account', id: account.id, name: account.name } });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );

  app.get('/api/admin/staff/me/passkeys', { config: ownAccount }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.list(ownAccountId(request.adminAuth!.principal));
  });

  app.post('/api/admin/staff/me/passkeys/options', { config: ownAccount }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const account = (await accounts.find(ownAccountId(request.adminAuth!.principal)))!;
    return passkeys.registrationOptions({ accountId: account.id, userName: account.email, displayName: account.name });
  });

  app.post(
    '/api/admin/staff/me/passkeys',
    { config: ownAccount, schema: { body: passkeyStepSchema } },
    async (request, reply) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      const key = await passkeys.verifyRegistration(request.body.challenge, request.body.answer, accountId);
      await passkeys.store(accountId, key);
      reply.header('cache-control', 'no-store').code(201);
      return passkeys.list(accountId);
    },
  );

  app.delete(
    '/api/admin/staff/me/passkeys/:id',
    { config: ownAccount, schema: { params: keyParams } },
    async (request, reply) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      const account = (await accounts.find(accountId))!;
      const keys = await passkeys.list(accountId);
      if (!keys.some((key) => key.id === request.params.id))
        throw notFound(`You have no passkey ${request.params.id}.`);
      // Without a password, the last passkey is the only way in.
      if (keys.length === 1 && account.password_hash === null) {
        throw conflict('This is your only way to sign in: add another passkey or a password first.');
      }
      await passkeys.remove(accountId, request.params.id);
      return reply.code(204).send();
    },
  );
};
