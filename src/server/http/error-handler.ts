import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { AppError } from '../errors';
import { loggableError } from '../log-redaction';

/** Framework errors whose own messages are technical; staff and parents get these instead. */
const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
};

/** One error contract: { error, code, field? }; a 5xx never leaks internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toBody());
    if (isDatabaseUnavailable(error)) {
      // Not our bug and not the visitor's: the database is restarting or unreachable. Say when to retry.
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(databaseUnavailable().toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code ?? 'BAD_REQUEST';
      return reply.code(status).send({ error: friendlyMessages[code] ?? error.message, code });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
