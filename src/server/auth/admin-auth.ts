import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { csrfHeader, SESSION_ENDED_MESSAGE } from '../../shared/admin-session';
import { mayUse, type RouteRole } from '../../shared/staff/staff';
import { isAdminRoute } from './admin-routes';
import { hashKey, keyMatches, readStoredKeyHash } from './admin-key';
import { createApiTokenStore, looksLikeApiToken, type ApiTokenStore } from './api-tokens';
import { createSessionStore, csrfMatches, type LiveSession, type SessionStore } from './admin-sessions';
import { createFailureLimiter, type FailureLimiter, tooManySignIns } from './failure-limiter';
import { adminKeyPrincipal, type Principal } from './principal';
import { readSessionCookie } from './session-cookie';
import type { AppContext } from '../context';
import { AppError, forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The role an admin route needs (decision 0058). Every admin route must say; saying it also
     * makes a route admin that the path and method alone would not (an admin GET).
     */
    role?: RouteRole;
  }
  interface FastifyInstance {
    /** Staff sessions (decision 0030); the session routes open and end them. */
    adminSessions: SessionStore;
    /** Named API tokens (decision 0058); the staff routes create and revoke them. */
    apiTokens: ApiTokenStore;
    /** Failed sign-ins per address: wrong keys, tokens, passwords and codes share one budget. */
    signInFailures: FailureLimiter;
  }
  interface FastifyRequest {
    /**
     * How an admin request proved itself (the key, a named token or a session cookie) and who it
     * is: the principal whose roles decide what it may use.
     */
    adminAuth?:
      | { via: 'key'; keyHash: Buffer; principal: Principal }
      | { via: 'token'; principal: Principal }
      | { via: 'session'; session: LiveSession; principal: Principal };
  }
}

export interface AdminAuthOptions {
  /** Failed attempts allowed per address in the window before answering 429. */
  maxFailures?: number;
  windowMs?: number;
  /** The sessions' clock (tests move it instead of waiting). */
  now?: () => Date;
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfRefused = () =>
  new AppError(403, 'CSRF_FAILED', 'This request did not come from the staff area. Please reload the page.');

/**
 * Protects every admin route with one onRequest hook, attached as routes are registered. Runs
 * before the body is read, so a stranger cannot make us parse an upload. An admin request proves
 * itself with the key in `x-api-key` (scripts, the API contract in docs/product.md#api-conventions, and the sign-in itself) or with a staff
 * session cookie plus, on every state-changing call, the session's CSRF token and a same-site Origin.
 */
export function registerAdminAuth(
  app: FastifyInstance,
  { config, database }: AppContext,
  { maxFailures = 10, windowMs = 15 * 60_000, now }: AdminAuthOptions = {},
): void {
  const limiter = createFailureLimiter(database.db, { maxFailures, windowMs });
  app.decorate('signInFailures', limiter);
  // ADMIN_API_KEY wins over a stored key; its hash is computed once.
  const configuredHash = config.adminApiKey ? hashKey(config.adminApiKey) : undefined;
  // The stored hash is read per request so a rotated key takes effect on every instance at once.
  const expectedKeyHash = async () => configuredHash ?? (await readStoredKeyHash(database.db));
  const sessions = createSessionStore(database.db, config.adminSession, expectedKeyHash, now);
  app.decorate('adminSessions', sessions);
  const apiTokens = createApiTokenStore(database.db, now);
  app.decorate('apiTokens', apiTokens);
  app.decorateRequest('adminAuth', undefined);
  const publicOrigin = new URL(config.publicUrl).origin;

  const checkKey = async (request: FastifyRequest, reply: FastifyReply, provided: string) => {
    const refuse = (waitMs: number) => tooManySignIns(reply, waitMs);
    const expected = await expectedKeyHash();
    if (expected && keyMatches(provided, expected)) {
      const waitMs = await limiter.blockedFor(request.ip);
      if (waitMs > 0) throw refuse(waitMs);
      request.adminAuth = { via: 'key', keyHash: expected, principal: adminKeyPrincipal };
      return;
    }
    const tokenPrincipal = looksLikeApiToken(provided) ? await apiTokens.principalFor(provided) : undefined;
    if (tokenPrincipal) {
      const waitMs = await limiter.blockedFor(request.ip);
      if (waitMs > 0) throw refuse(waitMs);
      request.adminAuth = { via: 'token', principal: tokenPrincipal };
      return;
    }
    // Counted and judged in one atomic statement, so parallel guesses cannot all pass (failure-limiter.ts).
    const waitMs = await limiter.recordFailure(request.ip);
    if (waitMs > 0) throw refuse(waitMs);
    throw new AppError(401, 'UNAUTHORIZED', 'Invalid admin API key.');
  };

  /**
   * A session token is 256 random bits, so a wrong one is not a guess worth limiting (and a
   * stale cookie in a staff browser must not lock the office out): it is simply refused.
   */
  const checkSession = async (request: FastifyRequest, token: string) => {
    const session = await sessions.resume(token);
    if (!session) throw new AppError(401, 'UNAUTHORIZED', SESSION_ENDED_MESSAGE);
    if (!readMethods.has(request.method)) {
      // Browsers send Origin on every cross-site write; one from elsewhere is refused outright.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
        throw csrfRefused();
      }
      const provided = request.headers[csrfHeader];
      if (typeof provided !== 'string' || !csrfMatches(session.token, provided)) throw csrfRefused();
    }
    request.adminAuth = { via: 'session', session, principal: session.principal };
  };

  const checkAdmin: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url ?? request.url;
    if (!isAdminRoute(request.method, url, request.routeOptions.config.role !== undefined)) return;

    const provided = request.headers['x-api-key'];
    const token = readSessionCookie(request);
    if (typeof provided === 'string' && provided !== '') await checkKey(request, reply, provided);
    else if (token !== undefined) await checkSession(request, token);
    // No key is not a guess: a visitor or a stale tab must not lock staff at the same address out.
    else throw new AppError(401, 'UNAUTHORIZED', 'Admin authentication required.');
    // Known, then allowed: a stranger learns nothing from a 403 they cannot reach.
    const needed = request.routeOptions.config.role;
    if (!needed || !mayUse(request.adminAuth!.principal.roles, needed)) throw forbidden();
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.role !== undefined;
    if (!methods.some((method) => isAdminRoute(method, route.url, declared))) return;
    // Refused at start-up, so a new admin route cannot be left open to every role by forgetting.
    if (!route.config?.role)
      throw new Error(`Admin route ${methods.join(',')} ${route.url} declares no role (config.role).`);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [checkAdmin, ...existing];
  });
}
