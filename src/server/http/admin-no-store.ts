import type { FastifyInstance } from 'fastify';
import { isAdminRoute } from '../auth/admin-routes';

/**
 * Every admin answer is `Cache-Control: no-store`, errors included: it may name staff or hold a
 * family's details, and a shared computer's browser cache must keep none of it. One hook, so a
 * new admin route cannot forget (two reads under /api/admin/site once did: issue 36). The admin
 * rule is auth/admin-routes.ts's; anything under /api/admin/ counts even when no route matched.
 */
export function registerAdminNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const path = request.url.split('?', 1)[0]!;
    const admin =
      path === '/api/admin' ||
      path.startsWith('/api/admin/') ||
      (route !== undefined && isAdminRoute(request.method, route, request.routeOptions.config?.role !== undefined));
    if (admin) reply.header('cache-control', 'no-store');
    return payload;
  });
}
