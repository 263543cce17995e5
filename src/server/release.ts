import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import path from 'node:path';

/**
 * The built entry (dist/server/main.js) the server's start path leads to now, links resolved. The
 * service starts `/srv/northstar/current/dist/server/main.js`; an upgrade points `current` at
 * another release folder, so each call may answer another release (decision 0051).
 */
export const releaseEntry = (): string => fs.realpathSync(process.argv[1] ?? '');

/** A release's folder (…/releases/<name>) from its entry, for log lines. */
export const releaseFolder = (entry: string): string => path.resolve(entry, '../../..');

/**
 * Runs a release's own migrations in a process of its own: that release's code, this process's
 * environment (the service's settings). True when they succeeded.
 */
export function migrateWithRelease(entry: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, migrateOnlyFlag], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** main.js with this argument migrates the database and exits instead of serving. */
export const migrateOnlyFlag = '--migrate-only';

/** main.js with this argument prints the migrations the database has had and exits (scripts/release.mjs). */
export const appliedMigrationsFlag = '--applied-migrations';

/** Sent by the primary to a worker a reload replaces: drain its connections, then stop. */
export const retireMessage = { type: 'retire' } as const;

export const isRetire = (message: unknown) =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === retireMessage.type;

/**
 * Lets a retiring worker's connections end by themselves before it stops: it takes no new
 * connection (the primary hands them to the other workers), every answer from now on says
 * `Connection: close`, so each client closes its connection after its current request instead
 * of sending another on it, and it waits (`waitMs` at most) for the connections to be gone.
 *
 * Fastify's close would instead drop idle keep-alive connections at once, and answer 503 to
 * requests arriving on the busy ones; a client that sent its next request on such a connection
 * at that moment gets an error (measured: 14 failures in a few hundred requests per reload).
 */
export async function drainConnections(server: Server, waitMs: number): Promise<void> {
  // Before Fastify's own listener, which may answer a cached page at once.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) =>
    response.setHeader('connection', 'close'),
  );
  // net.Server's close: http.Server's would also drop the idle keep-alive connections now.
  NetServer.prototype.close.call(server);
  const deadline = performance.now() + waitMs;
  const open = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
  while ((await open()) > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
