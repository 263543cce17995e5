import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onErrorHookHandler } from 'fastify';
import { csrfHeader, SESSION_ENDED_MESSAGE } from '../../shared/admin-session';
import { mayUse, type RouteRole } from '../../shared/staff/staff';
import { isAdminRoute } from './admin-routes';
import { hashKey, keyMatches, readStoredKeyHash } from './admin-key';
import { createApiTokenStore, looksLikeApiToken, type ApiTokenStore } from './api-tokens';
import { createSessionStore, csrfMatches, type LiveSession, type SessionStore } from './admin-sessions';
import { createSignInBudgets, type SignInBudgets, signInLimits, tooManySignIns } from './sign-in-budgets';
import { adminKeyPrincipal, type Principal } from './principal';
import { readSessionCookie } from './session-cookie';
import type { AppContext } from '../context';
import type { RecordAccess } from '../features/access-log';
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
    /** The sign-in budgets: wrong keys, tokens, passwords and codes take places in them (sign-in-budgets.ts). */
    signInBudgets: SignInBudgets;
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
  /** Failed attempts allowed per address in the window before answering 429 (the address budget). */
  maxFailures?: number;
  windowMs?: number;
  /** The access log's recorder: a known principal refused a route is recorded (features/index.ts hands it over). */
  record?: RecordAccess;
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
  { config, database, clock }: AppContext,
  {
    maxFailures = signInLimits.address.places,
    windowMs = signInLimits.address.windowMs,
    record,
  }: AdminAuthOptions = {},
): void {
  const budgets = createSignInBudgets(database, { ...signInLimits, address: { places: maxFailures, windowMs } });
  app.decorate('signInBudgets', budgets);
  // ADMIN_API_KEY wins over a stored key; its hash is computed once.
  const configuredHash = config.adminApiKey ? hashKey(config.adminApiKey) : undefined;
  // The stored hash is read per request so a rotated key takes effect on every instance at once.
  const expectedKeyHash = async () => configuredHash ?? (await readStoredKeyHash(database.db));
  const sessions = createSessionStore(database.db, config.adminSession, expectedKeyHash, clock);
  app.decorate('adminSessions', sessions);
  const apiTokens = createApiTokenStore(database.db, clock);
  app.decorate('apiTokens', apiTokens);
  app.decorateRequest('adminAuth', undefined);
  const publicOrigin = new URL(config.publicUrl).origin;

  const checkKey = async (request: FastifyRequest, reply: FastifyReply, provided: string) => {
    // A spent address is refused before anything is compared or looked up.
    const blockedMs = await budgets.addressWaitMs(request.ip, clock());
    if (blockedMs > 0) throw tooManySignIns(blockedMs);
    const expected = await expectedKeyHash();
    if (expected && keyMatches(provided, expected)) {
      request.adminAuth = { via: 'key', keyHash: expected, principal: adminKeyPrincipal };
      return;
    }
    const tokenPrincipal = looksLikeApiToken(provided) ? await apiTokens.principalFor(provided) : undefined;
    if (tokenPrincipal) {
      request.adminAuth = { via: 'token', principal: tokenPrincipal };
      return;
    }
    // Its place is taken and judged in one transaction, so parallel guesses cannot all pass (sign-in-budgets.ts).
    const taken = await budgets.takeWrongKeyPlace(request.ip, clock);
    if (!taken.granted) throw tooManySignIns(taken.waitMs);
    throw new AppError(401, 'UNAUTHORIZED', 'Invalid admin API key.');
  };

  /**
   * A session token is 256 random bits, so a wrong one is not a guess worth limiting (and a
   * stale cookie in a staff browser must not lock the office out): it is simply refused.
   */
  const checkSession = async (request: FastifyRequest, token: string) => {
    const session = await sessions.resume(token);
    if (!session) throw new AppError(401, 'UNAUTHORIZED', SESSION_ENDED_MESSAGE);
    // Known before the CSRF check: a refused write is recorded under the session's principal.
    refusedPrincipals.set(request, session.principal);
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

  /** Whose request it was when it is refused after the session was found (a failed CSRF check). */
  const refusedPrincipals = new WeakMap<FastifyRequest, Principal>();
  // A known principal refused (401, 403) is recorded with the route, so a refusal can be traced
  // to a person; a stranger's 401 is the budgets' business and is not.
  // Before the answer leaves (onError), so whoever reads the log next finds it.
  const recordRefusal: onErrorHookHandler = async (request, _reply, error) => {
    if (!record || (error.statusCode !== 401 && error.statusCode !== 403)) return;
    const principal = request.adminAuth?.principal ?? refusedPrincipals.get(request);
    if (!principal) return;
    await record(request, {
      action: 'access.refused',
      outcome: 'refused',
      actor: principal,
      target: { kind: 'route', id: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}` },
    });
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
    const failed = route.onError ? [route.onError].flat() : [];
    route.onError = [...failed, recordRefusal];
  });
}
