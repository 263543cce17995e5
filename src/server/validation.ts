import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses request input with a shared schema; the first problem becomes a 400 naming its field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw badRequest(issue.message, field);
}
