import { adminSessionPath, type AdminSessionInfo } from '../../shared/admin-session';
import type { FeaturePlugin } from '../context';
import { AppError } from '../errors';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';

const noStore = 'no-store';
const infoOf = ({ csrfToken, idleMs, expiresAt }: AdminSessionInfo): AdminSessionInfo => ({
  csrfToken,
  idleMs,
  expiresAt,
});

/**
 * Staff sessions (docs/product.md#admin-session). Every route here lives under /api/admin/, so the
 * admin hook has already checked the caller: sign-in with the key in `x-api-key` (wrong keys count
 * towards the failure limiter like any other), the rest with the session cookie (and CSRF token).
 */
export const adminSessionRoutes: FeaturePlugin = async (app, { config }) => {
  const sessions = app.adminSessions;

  // Sign in: the key proves who is asking; the answer is a session cookie and its CSRF token.
  app.post(adminSessionPath, async (request, reply) => {
    const auth = request.adminAuth;
    if (auth?.via !== 'key') {
      throw new AppError(400, 'VALIDATION_FAILED', 'Send the admin key in x-api-key to sign in.', 'x-api-key');
    }
    // A cookie from an earlier session is replaced, not left alive beside the new one.
    const previous = readSessionCookie(request);
    if (previous) await sessions.end(previous);
    const session = await sessions.open(auth.keyHash);
    setSessionCookie(reply, config, request, session.token);
    reply.header('cache-control', noStore).code(201);
    return infoOf(session);
  });

  // Whether this browser's session is alive (the admin screens ask on load), with its CSRF token.
  app.get(adminSessionPath, async (request, reply) => {
    reply.header('cache-control', noStore);
    const auth = request.adminAuth;
    if (auth?.via !== 'session') {
      throw new AppError(400, 'VALIDATION_FAILED', 'The key needs no session: send it with each call.', 'x-api-key');
    }
    return infoOf(auth.session);
  });

  // Sign out: the session ends on the server, and the browser forgets the cookie.
  app.delete(adminSessionPath, async (request, reply) => {
    const auth = request.adminAuth;
    if (auth?.via === 'session') await sessions.end(auth.session.token);
    clearSessionCookie(reply, config, request);
    return reply.header('cache-control', noStore).code(204).send();
  });
};
