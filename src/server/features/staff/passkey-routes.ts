import { ownAccountId } from '../../auth/principal';
import type { onRequestHookHandler } from 'fastify';
import { passkeyStepSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import { idParams } from '../../validation';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import type { RecordAccess } from '../access-log';
import type { AccountsRepo } from './accounts-repo';
import { freshlyProvedAccount, mailSignInChange } from './step-up';
import type { ReadSiteFacts } from '../site-facts';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Passkeys } from './passkeys';
import { adminSessionInfoSchema, passkeyCeremonySchema, staffPasskeySchema } from '../../../shared/staff/responses';
import { answers, noContent } from '../../responses';
import { z } from 'zod';

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
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, clock, accounts, passkeys, limitPerAddress, record } = context;
  app.post(
    '/api/staff/sign-in/passkey/options',
    { onRequest: limitPerAddress, schema: { response: answers({ 200: passkeyCeremonySchema }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.signInOptions();
    },
  );

  app.post(
    '/api/staff/sign-in/passkey',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: passkeyStepSchema },
    },
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

  app.get(
    '/api/admin/staff/me/passkeys',
    { config: ownAccount, schema: { response: answers({ 200: z.array(staffPasskeySchema) }) } },
    async (request) => {
      return passkeys.list(ownAccountId(request.adminAuth!.principal));
    },
  );

  // Asked before the device's ceremony too, so the person proves themselves before, not after, it.
  app.post(
    '/api/admin/staff/me/passkeys/options',
    { config: ownAccount, schema: { response: answers({ 200: passkeyCeremonySchema }) } },
    async (request) => {
      const { accountId } = freshlyProvedAccount(request, clock(), config.adminSession.stepUpMs);
      const account = (await accounts.find(accountId))!;
      return passkeys.registrationOptions({
        accountId: account.id,
        userName: account.email,
        displayName: account.name,
      });
    },
  );

  app.post(
    '/api/admin/staff/me/passkeys',
    {
      config: ownAccount,
      schema: { response: answers({ 201: z.array(staffPasskeySchema) }), body: passkeyStepSchema },
    },
    async (request, reply) => {
      const { accountId } = freshlyProvedAccount(request, clock(), config.adminSession.stepUpMs);
      const key = await passkeys.verifyRegistration(request.body.challenge, request.body.answer, accountId);
      // The same credential twice (a device answering again, or someone replaying an answer) is a
      // conflict to explain, not a database error (issue 36).
      const duplicate = () =>
        conflict('This passkey is already registered here. Use it to sign in, or make a new one.');
      if (await passkeys.isRegistered(key.credentialId)) throw duplicate();
      try {
        await passkeys.store(accountId, key);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      const account = (await accounts.find(accountId))!;
      await record(request, { action: 'account.passkey-add', target: { kind: 'account', id: accountId } });
      await mailSignInChange(context, account.email, 'passkey-added', clock());
      reply.code(201);
      return passkeys.list(accountId);
    },
  );

  app.delete(
    '/api/admin/staff/me/passkeys/:id',
    { config: ownAccount, schema: { response: answers({ 204: noContent }), params: keyParams } },
    async (request, reply) => {
      const { accountId } = freshlyProvedAccount(request, clock(), config.adminSession.stepUpMs);
      const account = (await accounts.find(accountId))!;
      const keys = await passkeys.list(accountId);
      if (!keys.some((key) => key.id === request.params.id))
        throw notFound(`You have no passkey ${request.params.id}.`);
      // Without a password, the last passkey is the only way in.
      if (keys.length === 1 && account.password_hash === null) {
        throw conflict('This is your only way to sign in: add another passkey or a password first.');
      }
      await passkeys.remove(accountId, request.params.id);
      await record(request, { action: 'account.passkey-remove', target: { kind: 'account', id: accountId } });
      await mailSignInChange(context, account.email, 'passkey-removed', clock());
      return reply.code(204).send();
    },
  );
};
