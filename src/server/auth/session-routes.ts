import type { onErrorHookHandler } from 'fastify';
import {
  adminSessionPath,
  type AdminSessionInfo,
  type AdminSessionStatus,
  sessionStatusPath,
} from '../../shared/admin-session';
import type { FeaturePlugin } from '../context';
import type { RecordAccess } from '../features/access-log';
import type { LiveSession } from './admin-sessions';
import { adminSessionInfoSchema, adminSessionStatusSchema } from '../../shared/staff/responses';
import { AppError } from '../errors';
import { answers, noContent } from '../responses';
import { adminKeyPrincipal } from './principal';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';

const noStore = 'no-store';
/** What a new or resumed session tells the browser (never the token, which is in the cookie). */
export const infoOf = ({ principal, csrfToken, idleMs, expiresAt }: LiveSession): AdminSessionInfo => ({
  who: {
    name: principal.name,
    kind: principal.kind === 'account' ? 'account' : 'key',
    id: principal.kind === 'account' ? principal.id : null,
    roles: [...principal.roles],
  },
  csrfToken,
  idleMs,
  expiresAt,
});

/**
 * Staff sessions (docs/product.md#admin-session). Sign-in and sign-out live under /api/admin/, so the
 * admin hook has already checked the caller: sign-in with the key in `x-api-key` (wrong keys count
 * towards the failure limiter like any other), sign-out with the session cookie and CSRF token.
 * The status read is public and answers only about the caller's own cookie. A sign-in with the
 * key, and one refused for a wrong key, go to the access log (handed over by features/index.ts).
 */
export const adminSessionRoutes: FeaturePlugin<{ record: RecordAccess }> = async (app, { config, record }) => {
  const sessions = app.adminSessions;

  // A wrong key is refused by the admin hook before the handler runs, so the refusal is recorded
  // here, for this route only: a wrong key elsewhere is a failed call, not a sign-in.
  const recordRefusedKey: onErrorHookHandler = async (request, _reply, error) => {
    const keyGiven = typeof request.headers['x-api-key'] === 'string' && request.headers['x-api-key'] !== '';
    if (!keyGiven || request.adminAuth !== undefined || ![401, 429].includes(error.statusCode ?? 500)) return;
    await record(request, {
      action: 'sign-in.failed',
      outcome: 'refused',
      actor: { kind: 'key', name: adminKeyPrincipal.name },
    });
  };

  // Sign in: the key proves who is asking; the answer is a session cookie and its CSRF token.
  app.post(
    adminSessionPath,
    {
      config: { role: 'staff' },
      onError: recordRefusedKey,
      schema: { response: answers({ 201: adminSessionInfoSchema }) },
    },
    async (request, reply) => {
      const auth = request.adminAuth;
      if (auth?.via !== 'key') {
        throw new AppError(400, 'VALIDATION_FAILED', 'Send the admin key in x-api-key to sign in.', 'x-api-key');
      }
      // A cookie from an earlier session is replaced, not left alive beside the new one.
      const previous = readSessionCookie(request);
      if (previous) await sessions.end(previous);
      const session = await sessions.open({ keyHash: auth.keyHash });
      await record(request, { action: 'sign-in' });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );

  // Whether this browser's session is alive (the admin screens ask on load), with its CSRF token.
  // Not an admin route: it answers for the caller's own cookie only, and a signed-out answer is no error.
  app.get(
    sessionStatusPath,
    { schema: { response: answers({ 200: adminSessionStatusSchema }) } },
    async (request, reply): Promise<AdminSessionStatus> => {
      reply.header('cache-control', noStore);
      const token = readSessionCookie(request);
      const session = token === undefined ? undefined : await sessions.resume(token);
      if (session) return { signedIn: true, ...infoOf(session) };
      if (token !== undefined) clearSessionCookie(reply, config, request);
      return { signedIn: false };
    },
  );

  // Sign out: the session ends on the server, and the browser forgets the cookie and whatever the
  // admin screens kept in storage, so the next person at a shared computer finds no enquiry there.
  // Not "cache": every admin answer is no-store, so the cache holds none, and Chromium stalls the
  // origin's next requests while it clears its cache (the sign-in screen did not load after it).
  app.delete(
    adminSessionPath,
    { config: { role: 'staff' }, schema: { response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const auth = request.adminAuth;
      if (auth?.via === 'session') await sessions.end(auth.session.token);
      clearSessionCookie(reply, config, request);
      return reply.header('clear-site-data', '"cookies", "storage"').code(204).send();
    },
  );
};
