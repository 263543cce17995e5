import type { onRequestHookHandler } from 'fastify';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { RECOVERY_LINK_ENDED, recoveryResetSchema, type RecoveryView } from '../../../shared/staff/recovery';
import type { FeaturePlugin } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import { idParams } from '../../validation';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import { newTotpSecret, otpauthUri } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo, StoredAccount } from './accounts-repo';
import { recoveryLink, signInResetMail } from './mail-texts';
import { checkedNewPassword } from './new-sign-in';
import type { Passkeys } from './passkeys';
import { endEverySignInOf, type RecoveryLinks } from './recovery-links';
import { adminSessionInfoSchema, passkeyCeremonySchema, sentLinkSchema } from '../../../shared/staff/responses';
import { answers } from '../../responses';

const owner = { role: 'owner', changesNoContent: true } as const;
const accountParams = idParams((raw) => `There is no staff account ${raw}.`);
const linkEnded = () => notFound(RECOVERY_LINK_ENDED);
const tokenBody = z.object({ token: z.string().max(64, 'Open the link from your e-mail again.') }).strict();

/** What an owner's reset link's screen shows: like an invitation's, for the account it resets. */
export async function resetLinkView(
  account: StoredAccount,
  mailOn: boolean,
  siteFacts: ReadSiteFacts,
): Promise<Extract<RecoveryView, { kind: 'reset' }>> {
  const secret = newTotpSecret();
  const uri = otpauthUri(secret, account.email, (await siteFacts()).details.name);
  return { kind: 'reset', email: account.email, mailOn, authenticator: { secret, uri, qrSvg: renderSVG(uri) } };
}

/**
 * An owner's "Reset sign-in" (issue 38, decision 0058 "Recovery") for someone who cannot get in:
 * a fresh setup link to their address, as an invitation's (or, with mail off, shown once to pass
 * on). The person's sessions end at once, so whoever holds a lost phone or laptop is out now, not
 * when the link is used; their password and app keep working until then, so a reset sent by
 * mistake locks nobody out. With the link the person sets a new password (codes by e-mail or a new
 * authenticator app) or adds a passkey, as an invitation allows: the old password and app are
 * replaced, passkeys they still hold stay (they can remove them on Your account). Owners only; no
 * step-up, like the owners' other changes to accounts (roles, disabling). Both steps go to the
 * access log.
 */
export const resetRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  passkeys: Passkeys;
  recoveryLinks: RecoveryLinks;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, database, mailWorker, clock, accounts, passkeys, recoveryLinks, limitPerAddress, record, siteFacts } =
    context;

  app.post(
    '/api/admin/staff/accounts/:id/reset-sign-in',
    { config: owner, schema: { response: answers({ 200: sentLinkSchema }), params: accountParams } },
    async (request) => {
      const { id } = request.params;
      const account = await accounts.find(id);
      if (!account) throw notFound(`There is no staff account ${id}.`);
      if (account.disabled_at !== null)
        throw conflict('This account is disabled: enable it first, then reset its sign-in.');
      const { principal } = request.adminAuth!;
      if (principal.kind === 'account' && principal.id === id) {
        throw badRequest('To change how you sign in yourself, use Your account.');
      }
      const token = await recoveryLinks.create(id, 'reset', principal.kind === 'account' ? principal.id : null);
      await database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('admin_sessions').where('account_id', '=', id).execute();
        await trx.deleteFrom('sign_in_challenges').where('account_id', '=', id).execute();
      });
      const link = recoveryLink(config.publicUrl, token);
      if (config.mail) {
        const mail = signInResetMail(account.email, link, principal.name, (await siteFacts()).details.name);
        await enqueueEmail(database.db, mail, clock());
        mailWorker?.wake();
      }
      await record(request, { action: 'account.reset-sign-in', target: { kind: 'account', id } });
      // Shown once, like an invitation's: with mail off the owner passes it on.
      return { link, mailed: config.mail !== undefined };
    },
  );

  /** The live `reset` link and its enabled account. */
  const usable = async (token: string) => {
    const link = await recoveryLinks.findUsable(token);
    const account = link && (await accounts.find(link.account_id));
    if (!link || link.kind !== 'reset' || !account || account.disabled_at !== null) throw linkEnded();
    return { link, account };
  };

  app.post(
    '/api/staff/recovery/passkey/options',
    { onRequest: limitPerAddress, schema: { response: answers({ 200: passkeyCeremonySchema }), body: tokenBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { account } = await usable(request.body.token);
      return passkeys.registrationOptions({
        accountId: account.id,
        userName: account.email,
        displayName: account.name,
      });
    },
  );

  app.post(
    '/api/staff/recovery/reset',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: recoveryResetSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, password, authenticator, passkey } = request.body;
      const { link, account } = await usable(token);
      const { passwordHash, step } = await checkedNewPassword(
        { config, clock },
        account.email,
        password,
        authenticator,
      );
      const newKey = passkey
        ? await passkeys.verifyRegistration(passkey.challenge, passkey.answer, account.id)
        : undefined;
      await database.db.transaction().execute(async (trx) => {
        if (!(await recoveryLinks.use(token, trx))) throw linkEnded();
        await accounts.setPassword(account.id, passwordHash, trx);
        await accounts.setAuthenticatorApp(account.id, step === null ? null : authenticator!.secret, step, trx);
        if (newKey) await passkeys.store(account.id, newKey, trx);
        // Any session opened since the owner's reset (with the old password) ends too.
        await endEverySignInOf(trx, account.id, clock().toISOString());
      });
      await record(request, {
        action: 'account.reset-accept',
        actor: { kind: 'account', id: account.id, name: account.name },
        target: { kind: 'account', id: link.account_id },
      });
      const session = await app.adminSessions.open({ accountId: account.id });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
