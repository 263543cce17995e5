import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isAdminRoute } from '../auth/admin-routes';
import type { Database } from '../db/connection';
import type { DatabaseSchema } from '../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff POST that changes nothing the public sees (a preview): it leaves the page cache alone. */
    changesNoContent?: boolean;
  }
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

export interface GenerationReader {
  read(): number | Promise<number>;
  close(): void;
}

/**
 * Reads the generation once per page request, as cheaply as each engine allows (measured in
 * docs/decisions/0014-several-processes.md). SQLite: a prepared statement on a
 * connection of its own, a few microseconds, synchronous. PostgreSQL: one query shared by the
 * requests that arrive while it is on its way, but only by those that arrived before it was sent,
 * so no request is answered from a read older than itself.
 */
export function createGenerationReader(database: Database): GenerationReader {
  if (database.sqliteFile) {
    const connection = new SQLite(database.sqliteFile, { fileMustExist: true });
    const statement = connection.prepare('select generation from content_generation where id = 1').pluck();
    return { read: () => statement.get() as number, close: () => connection.close() };
  }
  let next: Promise<number> | undefined;
  let inFlight: Promise<unknown> | undefined;
  const read = (): Promise<number> => {
    next ??= (async () => {
      // Wait for the read already sent (it may predate this request), then send one for everyone waiting.
      await inFlight?.catch(() => {});
      const sent = readGeneration(database.db);
      inFlight = sent;
      next = undefined;
      return sent;
    })();
    return next;
  };
  return { read, close: () => {} };
}

const readMethods = new Set(['GET', 'HEAD']);

/**
 * Makes a staff change visible on the very next page load from every process: each successful
 * staff write bumps the shared generation before its answer leaves (onSend), and each page request
 * reads it first, so a page cached under an older generation is never served again. Public
 * enquiries change no page, so they leave it alone.
 */
export function registerContentGeneration(app: FastifyInstance, database: Database, pageRoute = '/*'): void {
  const generation = createGenerationReader(database);
  app.addHook('onClose', async () => generation.close());
  app.addHook('onRequest', async (request) => {
    if (readMethods.has(request.method) && request.routeOptions.url === pageRoute) {
      request.contentGeneration = await generation.read();
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 || readMethods.has(request.method)) return;
    if (request.routeOptions.config.changesNoContent === true) return;
    const url = request.routeOptions.url;
    if (url && isAdminRoute(request.method, url, request.routeOptions.config.admin === true)) {
      await bumpGeneration(database.db);
    }
  });
}
