import pino from 'pino';

/**
 * Where Fastify's logger writes: stdout, asynchronously (docs/architecture.md, "Processes"). Each request's line goes
 * to a buffer and the buffer to stdout from libuv's thread pool, so a slow reader (journald, a
 * pipe) never holds up the event loop, and lines logged while a write is under way share the
 * next one. Lines wait for 4 KB, or a second at most when the site is quiet.
 *
 * pino's destination flushes what is left synchronously on the process's `exit` event, which
 * fires on `process.exit()` (the graceful stop in serve.ts, the forced exit after 10 s) and after
 * an uncaught exception, so a crash loses no line. Only SIGKILL can.
 */
export function asyncStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
