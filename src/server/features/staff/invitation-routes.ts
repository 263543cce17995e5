import type { onRequestHookHandler } from 'fastify';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationTokenField,
  nameField,
} from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { conflict, notFound } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import { idParams } from '../../validation';

import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import { newTotpSecret, otpauthUri } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo } from './accounts-repo';
import type { InvitationsRepo } from './invitations-repo';
import type { InvitationsService } from './invitations-service';
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
/**
 * Invitations (decision 0058). Owners invite by address with the roles to give; the link is
 * mailed (or, with mail off, shown once to copy). Whoever opens it names themselves and chooses
 * how to sign in: a passkey, or a password with, optionally (required with mail off, where codes
 * cannot be mailed), an authenticator app; the invitations service makes the account and uses the
 * link up, then a session is opened. Inviting, withdrawing and accepting (by the new account)
 * go to the access log.
 */
export const invitationRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  invitations: InvitationsRepo;
  passkeys: Passkeys;
  invitationsService: InvitationsService;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (
  app,
  {
    config,
    database,
    mailWorker,
    accounts,
    invitations,
    passkeys,
    invitationsService: service,
    limitPerAddress,
    clock,
    record,
    siteFacts,
  },
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
      const invitation = await service.usable(request.body.token);
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
      const invitation = await service.usable(request.body.token);
      // Said before the device makes a passkey the acceptance would then refuse.
      if (request.body.name) await service.checkNameFree(request.body.name);
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
      const { account, invitationId } = await service.accept(request.body);
      const session = await app.adminSessions.open({ accountId: account.id });
      await record(request, {
        action: 'invitation.accept',
        actor: { kind: 'account', id: account.id, name: account.name },
        target: { kind: 'invitation', id: invitationId },
      });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
