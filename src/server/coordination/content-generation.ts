import SQLite from '../db/sqlite-driver.mjs';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { isAdminRoute } from '../auth/admin-routes';
import type { Database } from '../db/connection';
import type { DatabaseSchema } from '../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff POST that changes nothing the public sees (a preview): it leaves the page cache alone. */
    changesNoContent?: boolean;
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

/** Staff writes made by this process: a generation read shared within a turn is void after one. */
let bumpsHere = 0;

export async function bumpGeneration(db: Kysely<DatabaseSchema>): Promise<void> {
  await db
    .updateTable('content_generation')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  // After the commit: a read taken while the update was on its way is then taken again.
  bumpsHere += 1;
}

export interface GenerationReader {
  read(): number | Promise<number>;
  close(): void;
}

/**
 * Reads the generation for each page request, as cheaply as each engine allows, and never from a
 * read older than the request (docs/decisions/0014-several-processes.md, 0041).
 * - SQLite: a prepared statement on a connection of its own, synchronous. One read is shared by
 *   the page requests handled in the same turn of the event loop: all of them had begun to arrive
 *   before that turn's poll for sockets returned, which is before the read, so none is answered
 *   from a read older than itself. The read is forgotten at the end of the turn (setImmediate
 *   runs right after the poll phase) and at once when this process bumps the generation. Under a
 *   crowd this saves most reads: each costs a read transaction (three system calls, about a
 *   quarter of a cached page's whole cost).
 * - PostgreSQL: one query shared by the requests that arrive while it is on its way, but only by
 *   those that arrived before it was sent.
 */
export function createGenerationReader(database: Database): GenerationReader {
  if (database.sqliteFile) {
    const connection = new SQLite(database.sqliteFile, { fileMustExist: true });
    const statement = connection.prepare('select generation from content_generation where id = 1').pluck();
    let shared: { generation: number; bumpsHere: number } | undefined;
    const forget = () => {
      shared = undefined;
    };
    const read = () => {
      if (shared?.bumpsHere !== bumpsHere) {
        shared = { generation: statement.get() as number, bumpsHere };
        setImmediate(forget);
      }
      return shared.generation;
    };
    return { read, close: () => connection.close() };
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
 * staff write bumps the shared generation before its answer leaves, and the page route reads it
 * for every request (pages.ts), so a page cached under an older generation is never served again.
 * Public enquiries change no page, so they leave it alone. The bump is a hook on admin routes
 * only, and the read happens in the page route itself: every other request, and above all every
 * page request, is spared a hook it does not need (decision 0041).
 */
export function registerContentGeneration(app: FastifyInstance, database: Database): GenerationReader {
  const generation = createGenerationReader(database);
  app.addHook('onClose', async () => generation.close());
  const bumpAfterStaffWrite: onSendHookHandler = async (request, reply) => {
    if (reply.statusCode >= 400 || readMethods.has(request.method)) return;
    const config = request.routeOptions.config;
    if (config.changesNoContent === true) return;
    // A route may take several methods; only the staff write among them bumps.
    if (!isAdminRoute(request.method, request.routeOptions.url ?? '', config.role !== undefined)) return;
    await bumpGeneration(database.db);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.role !== undefined;
    const writes = methods.some((method) => !readMethods.has(method) && isAdminRoute(method, route.url, declared));
    if (!writes) return;
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, bumpAfterStaffWrite];
  });
  return generation;
}
