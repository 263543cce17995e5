import type { onRequestHookHandler } from 'fastify';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { canonicalEmail } from '../../../shared/canonical-email';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationTokenField,
  nameField,
} from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { enqueueEmail } from '../../mail/outbox';
import { idParams } from '../../validation';

import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import { newTotpSecret, otpauthUri } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo } from './accounts-repo';
import type { InvitationsRepo } from './invitations-repo';
import { checkedNewPassword } from './new-sign-in';
import type { Passkeys } from './passkeys';
import { invitationLink, invitationMail } from './mail-texts';
import {
  adminSessionInfoSchema,
  createdInvitationSchema,
  invitationViewSchema,
  passkeyCeremonySchema,
  staffInvitationSchema,
} from '../../../shared/staff/responses';
import { answers, noContent } from '../../responses';

const owner = { role: 'owner', changesNoContent: true } as const;
const invitationParams = idParams((raw) => `There is no invitation ${raw}.`);
/** What the person has typed so far, to name the passkey on their device. */
const passkeyOptionsBody = z
  .object({
    token: invitationTokenField,
    // The acceptance's rule for a name, so the device names no passkey after one it would refuse.
    name: nameField.optional(),
    email: z.string().trim().max(254).optional(),
  })
  .strict();
const openBody = z.object({ token: invitationTokenField }).strict();
const linkEnded = () => notFound('This invitation link has expired or was already used. Please ask for a new one.');
/** Two people the access log could not tell apart by name (issue 36): the second chooses another. */
const nameTaken = () =>
  badRequest(
    'Someone on the staff already has this name. Add an initial or your surname, so the access log can tell you apart.',
    'name',
  );
/** Which unique key refused an account made at the same moment as another (name_key or email_key). */
const nameOrAddressTaken = (error: unknown) =>
  /name_key/.test(String((error as Error).message))
    ? nameTaken()
    : conflict('There is already an account for this address.', 'email');

/**
 * Invitations (decision 0058). Owners invite by address with the roles to give; the link is
 * mailed (or, with mail off, shown once to copy). Whoever opens it names themselves and chooses
 * how to sign in: a passkey, or a password with, optionally (required with mail off, where codes
 * cannot be mailed), an authenticator app; the account is made and the link used up in one
 * transaction, then a session is opened. Inviting, withdrawing and accepting (by the new account)
 * go to the access log.
 */
export const invitationRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  invitations: InvitationsRepo;
  passkeys: Passkeys;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (
  app,
  { config, database, mailWorker, accounts, invitations, passkeys, limitPerAddress, clock, record, siteFacts },
) => {
  app.get(
    '/api/admin/staff/invitations',
    { config: owner, schema: { response: answers({ 200: z.array(staffInvitationSchema) }) } },
    async () => {
      return invitations.listPending();
    },
  );

  app.post(
    '/api/admin/staff/invitations',
    { config: owner, schema: { response: answers({ 201: createdInvitationSchema }), body: invitationCreateSchema } },
    async (request, reply) => {
      const { email, roles } = request.body;
      if (await accounts.findByEmail(email)) throw conflict('There is already an account for this address.', 'email');
      const { principal } = request.adminAuth!;
      const invitedBy = { name: principal.name, accountId: principal.kind === 'account' ? principal.id : null };
      const { token, invitation } = await invitations.create({ email, roles, invitedBy });
      const link = invitationLink(config.publicUrl, token);
      if (config.mail) {
        await enqueueEmail(
          database.db,
          invitationMail(email, link, roles, invitedBy.name, (await siteFacts()).details.name),
          clock(),
        );
        mailWorker?.wake();
      }
      await record(request, { action: 'invitation.create', target: { kind: 'invitation', id: invitation.id } });
      reply.code(201);
      // The only time the link is shown: with mail off the owner passes it on, with mail on they may too.
      return { invitation, link, mailed: config.mail !== undefined };
    },
  );

  app.delete(
    '/api/admin/staff/invitations/:id',
    { config: owner, schema: { response: answers({ 204: noContent }), params: invitationParams } },
    async (request, reply) => {
      if (!(await invitations.withdraw(request.params.id)))
        throw notFound(`There is no invitation ${request.params.id}.`);
      await record(request, { action: 'invitation.withdraw', target: { kind: 'invitation', id: request.params.id } });
      return reply.code(204).send();
    },
  );

  // What the invitation screen shows before accepting, with a fresh authenticator secret to offer.
  // The token travels in the body on every public invitation route, never in the address: the
  // request log writes each path, and whoever read a token there could accept first (issue 36).
  app.post(
    '/api/staff/invitations/open',
    { onRequest: limitPerAddress, schema: { response: answers({ 200: invitationViewSchema }), body: openBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await invitations.findUsable(request.body.token);
      if (!invitation) throw linkEnded();
      const secret = newTotpSecret();
      const uri = otpauthUri(secret, invitation.email ?? 'owner', (await siteFacts()).details.name);
      return {
        email: invitation.email,
        roles: invitation.roles,
        expiresAt: invitation.expiresAt,
        mailOn: config.mail !== undefined,
        authenticator: { secret, uri, qrSvg: renderSVG(uri) },
      };
    },
  );

  // A passkey made while accepting: options for the new person, named by the invitation's address.
  app.post(
    '/api/staff/invitations/passkey/options',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: passkeyCeremonySchema }), body: passkeyOptionsBody },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const invitation = await invitations.findUsable(request.body.token);
      if (!invitation) throw linkEnded();
      // Said before the device makes a passkey the acceptance would then refuse.
      if (request.body.name && (await accounts.nameInUse(request.body.name))) throw nameTaken();
      const userName = invitation.email ?? request.body.email ?? 'Owner';
      return passkeys.registrationOptions({ accountId: null, userName, displayName: request.body.name ?? userName });
    },
  );

  app.post(
    '/api/staff/invitations/accept',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: invitationAcceptSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.body;
      const invitation = await invitations.findUsable(token);
      if (!invitation) throw linkEnded();
      const { name, password, authenticator, passkey } = request.body;
      const email = invitation.email ?? request.body.email;
      if (!email) throw badRequest('E-mail address is required.', 'email');
      if (invitation.email && request.body.email && canonicalEmail(request.body.email) !== canonicalEmail(email)) {
        throw badRequest('This invitation is for another address.', 'email');
      }
      if (await accounts.nameInUse(name)) throw nameTaken();
      const { passwordHash, step } = await checkedNewPassword({ config, clock }, email, password, authenticator);
      const newKey = passkey ? await passkeys.verifyRegistration(passkey.challenge, passkey.answer, null) : undefined;

      const account = await database.db.transaction().execute(async (trx) => {
        if (!(await invitations.use(token, trx))) throw linkEnded();
        if (await accounts.findByEmail(email, trx)) {
          throw conflict('There is already an account for this address.', 'email');
        }
        // Again inside the transaction; the unique name key refuses one accepted at the same moment.
        if (await accounts.nameInUse(name, trx)) throw nameTaken();
        const created = await accounts
          .create({ name, email, roles: invitation.roles, passwordHash }, trx)
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? nameOrAddressTaken(error) : error;
          });
        if (authenticator && step !== null)
          await accounts.setAuthenticatorApp(created.id, authenticator.secret, step, trx);
        if (newKey) await passkeys.store(created.id, newKey, trx);
        // Once anyone has an account, a printed setup link must not make another owner.
        await invitations.withdrawSetupLinks(trx);
        return created;
      });
      const session = await app.adminSessions.open({ accountId: account.id });
      await record(request, {
        action: 'invitation.accept',
        actor: { kind: 'account', id: account.id, name: account.name },
        target: { kind: 'invitation', id: invitation.id },
      });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
