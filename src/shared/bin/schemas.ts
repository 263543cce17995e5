import { z } from 'zod';
import { binKinds } from './bin';

/**
 * The path of a Bin action. An unknown kind or a malformed id names nothing, so, as the route
 * validator makes every params failure, it answers 404 like an unknown id (decision 0019).
 */
export const binItemParams = z.object({
  kind: z.enum(binKinds, { error: (issue) => `There is nothing in the Bin of kind ${String(issue.input)}.` }),
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: (issue) => `There is nothing in the Bin with id ${String(issue.input)}.` })
    .transform(Number),
});
