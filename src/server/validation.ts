import * as core from 'zod/v4/core';
import { badRequest } from './errors';

/**
 * Parses request input with a shared schema (classic zod, or zod/mini which the browser uses);
 * the first problem becomes a 400 naming its field.
 */
export function parseInput<Schema extends core.$ZodType>(schema: Schema, input: unknown): core.output<Schema> {
  const result = core.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw badRequest(issue.message, field);
}
