import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isAdminRoute } from './admin-routes';
import { hashKey, keyMatches, readStoredKeyHash } from './admin-key';
import { createFailureLimiter } from './failure-limiter';
import type { AppContext } from '../context';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Needs the admin key even though the path and method alone would not say so (e.g. an admin GET). */
    admin?: boolean;
  }
}

export interface AdminAuthOptions {
  /** Failed attempts allowed per address in the window before answering 429. */
  maxFailures?: number;
  windowMs?: number;
}

/**
 * Protects every admin route with one onRequest hook, attached as routes are registered. Runs
 * before the body is read, so a stranger cannot make us parse an upload.
 */
export function registerAdminAuth(
  app: FastifyInstance,
  { config, database }: AppContext,
  { maxFailures = 10, windowMs = 15 * 60_000 }: AdminAuthOptions = {},
): void {
  const limiter = createFailureLimiter(database.db, { maxFailures, windowMs });
  // ADMIN_API_KEY wins over a stored key; its hash is computed once.
  const configuredHash = config.adminApiKey ? hashKey(config.adminApiKey) : undefined;

  const checkKey: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url ?? request.url;
    if (!isAdminRoute(request.method, url, request.routeOptions.config.admin === true)) return;

    const provided = request.headers['x-api-key'];
    // No key is not a guess: a visitor or a stale tab must not lock staff at the same address out.
    if (typeof provided !== 'string' || provided === '') {
      throw new AppError(401, 'UNAUTHORIZED', 'Admin authentication required.');
    }
    const waitMs = await limiter.blockedFor(request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw new AppError(429, 'RATE_LIMITED', 'Too many failed sign-in attempts. Please wait and try again.');
    }
    // The stored hash is read per request so a rotated key takes effect on every instance at once.
    const expected = configuredHash ?? (await readStoredKeyHash(database.db));
    if (expected && keyMatches(provided, expected)) return;

    await limiter.recordFailure(request.ip);
    throw new AppError(401, 'UNAUTHORIZED', 'Invalid admin API key.');
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.admin === true;
    if (!methods.some((method) => isAdminRoute(method, route.url, declared))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [checkKey, ...existing];
  });
}
