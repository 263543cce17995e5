import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { AppError } from '../errors';
import { loggableError } from '../log-redaction';
import { errorPageHtml, wantsErrorPage } from './error-page';

/** Framework errors whose own messages are technical; staff and parents get these instead. */
const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  // The parser refuses `__proto__` and `constructor.prototype` (prototype poisoning) with the same
  // code as broken JSON, and keeps no reason: the message names both causes.
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON, or names __proto__ or constructor.prototype.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
};

/** What an error is answered with: its status, the one error body, and when to come back, if ever. */
export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  retryAfter?: string;
}

/**
 * The one reading of an error, for every answer that reports one (the JSON below, and the forms
 * posted without script, which show `body.error` on their page): a 5xx never leaks internals, and
 * what is not the visitor's fault is logged here.
 */
export function errorAnswer(error: FastifyError | AppError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) {
    const { retryAfter } = error;
    return { status: error.statusCode, body: error.toBody(), ...(retryAfter ? { retryAfter } : {}) };
  }
  if (isDatabaseUnavailable(error)) {
    // Not our bug and not the visitor's: the database is restarting or unreachable. Say when to retry.
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    return { status: 503, body: databaseUnavailable().toBody(), retryAfter: String(RETRY_AFTER_SECONDS) };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = error.code ?? 'BAD_REQUEST';
    return { status, body: { error: friendlyMessages[code] ?? error.message, code } };
  }
  request.log.error({ err: loggableError(error) }, 'request failed');
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/** One error contract: { error, code, field? }; a browser asking for a page reads it as a page. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, retryAfter } = errorAnswer(error, request);
    if (retryAfter) reply.header('retry-after', retryAfter);
    if (wantsErrorPage(request, status))
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(errorPageHtml(body.error));
    return reply.code(status).send(body);
  });
}
