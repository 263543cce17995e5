import { type FastifyInstance, LogController } from 'fastify';

/** Fastify's own two lines per request are off: registerRequestLog writes the one line instead. */
export const requestLogController = () => new LogController({ disableRequestLogging: true });

/** With REQUEST_LOG=errors, a request this slow or slower is logged whatever its answer. */
export const slowRequestMs = 1000;

/**
 * One log line per request, written when the answer has gone: method, path (without the query
 * string, which may hold search terms), status and milliseconds. Nothing about the visitor: no
 * address, no headers. Off below LOG_LEVEL=info. `errors` (REQUEST_LOG) keeps only the lines of
 * requests answered 4xx or 5xx, or in `slowRequestMs` or more.
 */
export function registerRequestLog(
  app: FastifyInstance,
  which: 'all' | 'errors' = 'all',
  slowMs = slowRequestMs,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (which === 'errors' && reply.statusCode < 400 && reply.elapsedTime < slowMs) return done();
    const query = request.url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        path: query === -1 ? request.url : request.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
