import type * as core from 'zod/v4/core';

type Exactly<Schema, Body> = [Schema] extends [Body] ? ([Body] extends [Schema] ? true : false) : false;

/**
 * The schema of an answer whose type the client already reads (an interface beside it): the
 * compiler refuses a schema that answers more or less than the type, so the two cannot drift.
 * `bodyOf<BlogPost>()(z.object({ … }))`.
 */
export const bodyOf =
  <Body>() =>
  <Schema extends core.$ZodType>(
    schema: Schema & (Exactly<core.output<Schema>, Body> extends true ? unknown : 'does not describe the type'),
  ): Schema =>
    schema;
