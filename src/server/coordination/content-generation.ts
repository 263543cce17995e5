import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isAdminRoute } from '../auth/admin-routes';
import type { DatabaseSchema } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** Pages only: the content generation read as the request arrived (part of the page cache key). */
    contentGeneration?: number;
  }
}

/** The current content generation: a primary-key read of one row. */
export async function readGeneration(db: Kysely<DatabaseSchema>): Promise<number> {
  const row = await db
    .selectFrom('content_generation')
    .select('generation')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.generation;
}

export async function bumpGeneration(db: Kysely<DatabaseSchema>): Promise<void> {
  await db
    .updateTable('content_generation')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

const readMethods = new Set(['GET', 'HEAD']);

/**
 * Makes a staff change visible on the very next page load from every process: each successful
 * staff write bumps the shared generation before its answer leaves (onSend), and each page request
 * reads it first, so a page cached under an older generation is never served again. Public
 * enquiries change no page, so they leave it alone.
 */
export function registerContentGeneration(app: FastifyInstance, db: Kysely<DatabaseSchema>, pageRoute = '/*'): void {
  app.addHook('onRequest', async (request) => {
    if (readMethods.has(request.method) && request.routeOptions.url === pageRoute) {
      request.contentGeneration = await readGeneration(db);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 || readMethods.has(request.method)) return;
    const url = request.routeOptions.url;
    if (url && isAdminRoute(request.method, url, request.routeOptions.config.admin === true)) {
      await bumpGeneration(db);
    }
  });
}
