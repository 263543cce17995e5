import { z } from 'zod';
import { canonicalEmail } from '../../../shared/canonical-email';
import { site } from '../../../shared/site';
import { invitationAcceptSchema, invitationCreateSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import { idParams } from '../../validation';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import type { AccountsRepo } from './accounts-repo';
import type { InvitationsRepo } from './invitations-repo';
import { invitationLink, invitationMail } from './mail-texts';

const owner = { role: 'owner', changesNoContent: true } as const;
const invitationParams = idParams((raw) => `There is no invitation ${raw}.`);
const tokenParams = z.object({ token: z.string().max(64) });
const linkEnded = () => notFound('This invitation link has expired or was already used. Please ask for a new one.');

/** With the acceptance, optionally: the authenticator app's secret offered and a code it shows. */
const acceptBody = invitationAcceptSchema.extend({
  authenticator: z
    .object({ secret: z.string().regex(/^[A-Z2-7]{32}$/, 'Start again from the link.'), code: z.string().max(10) })
    .strict()
    .optional(),
});

/**
 * Invitations (decision 0058). Owners invite by address with the roles to give; the link is
 * mailed (or, with mail off, shown once to copy). Whoever opens it names themselves, chooses a
 * password and, optionally (required with mail off, where codes cannot be mailed), an
 * authenticator app; the account is made, the link used up and a session opened, in that order.
 */
export const invitationRoutes: FeaturePlugin<{ accounts: AccountsRepo; invitations: InvitationsRepo }> = async (
  app,
  { config, database, mailWorker, accounts, invitations, clock },
) => {
  app.get('/api/admin/staff/invitations', { config: owner }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return invitations.listPending();
  });

  app.post(
    '/api/admin/staff/invitations',
    { config: owner, schema: { body: invitationCreateSchema } },
    async (request, reply) => {
      const { email, roles } = request.body;
      if (await accounts.findByEmail(email)) throw conflict('There is already an account for this address.', 'email');
      const invitedBy = request.adminAuth!.principal.name;
      const { token, invitation } = await invitations.create({ email, roles, invitedBy });
      const link = invitationLink(config.publicUrl, token);
      if (config.mail) {
        await enqueueEmail(database.db, invitationMail(email, link, roles, invitedBy), clock());
        mailWorker?.wake();
      }
      reply.header('cache-control', 'no-store').code(201);
      // With mail off, the owner passes the link on: this answer is the only time it is shown.
      return { invitation, link: config.mail ? null : link };
    },
  );

  app.delete(
    '/api/admin/staff/invitations/:id',
    { config: owner, schema: { params: invitationParams } },
    async (request, reply) => {
      if (!(await invitations.withdraw(request.params.id)))
        throw notFound(`There is no invitation ${request.params.id}.`);
      return reply.code(204).send();
    },
  );

  // What the invitation screen shows before accepting, with a fresh authenticator secret to offer.
  app.get('/api/staff/invitations/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const invitation = await invitations.findUsable(request.params.token);
    if (!invitation) throw linkEnded();
    const secret = newTotpSecret();
    return {
      email: invitation.email,
      roles: invitation.roles,
      expiresAt: invitation.expiresAt,
      mailOn: config.mail !== undefined,
      authenticator: { secret, uri: otpauthUri(secret, invitation.email ?? 'owner', site.name) },
    };
  });

  app.post(
    '/api/staff/invitations/:token/accept',
    { schema: { params: tokenParams, body: acceptBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.params;
      const invitation = await invitations.findUsable(token);
      if (!invitation) throw linkEnded();
      const { name, password, authenticator } = request.body;
      const email = invitation.email ?? request.body.email;
      if (!email) throw badRequest('E-mail address is required.', 'email');
      if (invitation.email && request.body.email && canonicalEmail(request.body.email) !== canonicalEmail(email)) {
        throw badRequest('This invitation is for another address.', 'email');
      }
      const problem = passwordProblem(password, email);
      if (problem) throw badRequest(problem, 'password');
      if (!authenticator && !config.mail) {
        throw badRequest(
          'E-mail is not set up on this site, so sign-in codes must come from an authenticator app: add it, then enter the code it shows.',
          'authenticator',
        );
      }
      const step = authenticator ? matchingStep(authenticator.secret, authenticator.code.trim(), clock(), null) : null;
      if (authenticator && step === undefined) {
        throw badRequest(
          'That code is not right. Check the app shows this site, then enter its current code.',
          'authenticator.code',
        );
      }
      const passwordHash = await hashPassword(password);

      const account = await database.db.transaction().execute(async (trx) => {
        if (!(await invitations.use(token, trx))) throw linkEnded();
        if (await accounts.findByEmail(email, trx))
          throw conflict('There is already an account for this address.', 'email');
        const created = await accounts.create({ name, email, roles: invitation.roles, passwordHash }, trx);
        if (authenticator) await accounts.setAuthenticatorApp(created.id, authenticator.secret, step ?? null, trx);
        return created;
      });
      const session = await app.adminSessions.open({ accountId: account.id });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
