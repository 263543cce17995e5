import type { FastifySchemaCompiler } from 'fastify';
import * as core from 'zod/v4/core';
import { z } from 'zod';
import { type AppError, badRequest, notFound } from './errors';

/**
 * The first problem as our error: a 400 naming its field (dotted path), with the schema's message.
 * A field a strict schema does not know is named too (zod reports it on the object around it).
 */
function firstIssueError(error: core.$ZodError): AppError {
  const issue = error.issues[0]!;
  // A stranger chooses the unknown name: it is echoed back no longer than a real field's.
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys[0]!.slice(0, 60) : undefined;
  const path = unknown === undefined ? issue.path : [...issue.path, unknown];
  const message = unknown === undefined ? issue.message : `Unknown field: ${unknown}.`;
  return badRequest(message, path.length > 0 ? path.join('.') : undefined);
}

/**
 * Fastify's validator for the zod schemas routes declare (`schema: { body, params, querystring }`),
 * classic zod or zod/mini alike. A missing body is checked as `{}`, so its required fields are named.
 * A path that does not parse names nothing that exists, so params answer 404, never 400
 * (decision 0019); bodies and queries answer 400 naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = core.safeParse(schema, data ?? {});
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: notFound(result.error.issues[0]!.message) };
    return { error: firstIssueError(result.error) };
  };

/**
 * For input that is not a route's body, query or params: the text fields of a multipart upload,
 * read from the stream after the file. Same rules and errors as the validator above.
 */
export function parseInput<Schema extends core.$ZodType>(schema: Schema, input: unknown): core.output<Schema> {
  const result = core.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  throw firstIssueError(result.error);
}

/**
 * The one id rule: a path id is a positive whole number of at most 15 digits (a safe integer).
 * Anything else answers 404 with `missing(raw)` as its message, like an id that is not stored.
 */
export const idParams = (missing: (raw: string) => string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,14}$/, { error: (issue) => missing(String(issue.input)) })
      .transform(Number),
  });
