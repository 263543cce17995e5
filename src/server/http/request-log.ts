import { type FastifyInstance, LogController } from 'fastify';

/** Fastify's own two lines per request are off: registerRequestLog writes the one line instead. */
export const requestLogController = () => new LogController({ disableRequestLogging: true });

/**
 * One log line per request, written when the answer has gone: method, path (without the query
 * string, which may hold search terms), status and milliseconds. Nothing about the visitor: no
 * address, no headers. Off below LOG_LEVEL=info.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
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
