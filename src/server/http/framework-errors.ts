import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error';

/** What the router's own errors answer; Fastify's bodies would echo the visitor's path back. */
const answers: Record<string, { status: number; body: ApiErrorBody }> = {
  FST_ERR_BAD_URL: { status: 400, body: { error: 'The address is not valid.', code: 'BAD_URL' } },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, body: { error: 'The address is too long.', code: 'URI_TOO_LONG' } },
};
const fallback = { status: 400, body: { error: 'The request could not be understood.', code: 'BAD_REQUEST' } };

/** Errors raised before a route is found (bad percent-encoding, a parameter too long) in our shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = answers[error.code] ?? fallback;
  void reply.code(status).send(body);
}
