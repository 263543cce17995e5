import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { passwordSignInSchema, signInCodeSchema, signInCodeAgainSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import type { RecordAccess } from '../access-log';
import type { SignInService } from './sign-in-service';
import { adminSessionInfoSchema, signInNextStepSchema } from '../../../shared/staff/responses';
import { answers } from '../../responses';

const asAccount = ({ id, name }: { id: number; name: string }) => ({ kind: 'account', id, name }) as const;

/**
 * Signing in with a password (decision 0058), always in two steps: the password, then a one-time
 * code (the sign-in service, sign-in-service.ts, judges both). Public routes (nobody is signed in
 * yet), listed as such in auth/admin-routes.ts. Each refusal is recorded in the access log as a
 * refused sign-in of the account named (or of 'unknown', never the address typed); a completed
 * sign-in is recorded too, and opens the session.
 */
export const signInRoutes: FeaturePlugin<{
  signInService: SignInService;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
}> = async (app, { config, signInService: service, limitPerAddress, record }) => {
  const refusedBy = (request: FastifyRequest) => (account: { id: number; name: string } | undefined) =>
    record(request, {
      action: 'sign-in.failed',
      outcome: 'refused',
      actor: account ? asAccount(account) : { kind: 'anonymous' },
    });

  app.post(
    '/api/staff/sign-in',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: signInNextStepSchema }), body: passwordSignInSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { email, password } = request.body;
      return service.password({ ip: request.ip, email, password }, refusedBy(request));
    },
  );

  // "Send a new code" (issue 38): a fresh e-mailed code, the earlier one no longer works.
  app.post(
    '/api/staff/sign-in/code/again',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: signInNextStepSchema }), body: signInCodeAgainSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.codeAgain(request.body.challenge);
    },
  );

  app.post(
    '/api/staff/sign-in/code',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: signInCodeSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge: token, code } = request.body;
      const account = await service.code({ ip: request.ip, token, code }, refusedBy(request));
      const session = await app.adminSessions.open({ accountId: account.id });
      await record(request, { action: 'sign-in', actor: asAccount(account) });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
