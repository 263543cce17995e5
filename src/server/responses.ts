import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import * as core from 'zod/v4/core';
import { z } from 'zod';
import { apiErrorBodySchema } from '../shared/api-error';

/**
 * The JSON Schema fast-json-stringify writes an answer from. `additionalProperties: false` goes:
 * the writer drops what a schema does not name anyway, and inside a union (`anyOf`) it would make
 * an answer carrying one more field match no branch at all.
 */
function forWriter(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriter);
  if (node === null || typeof node !== 'object') return node;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    kept[key] = forWriter(value);
  }
  return kept;
}

/** The JSON Schema of what a zod schema answers (its output), as the writer and OpenAPI read it. */
export const answerJsonSchema = (schema: core.$ZodType) =>
  forWriter(core.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));

/** Each schema is compiled once per process: routes share their schemas, and every test builds an app. */
const writers = new WeakMap<core.$ZodType, (data: unknown) => string>();

/**
 * Fastify's serializer for the zod response schemas routes declare (decision 0069): each is
 * turned into JSON Schema once, at start, and fast-json-stringify writes the answer from it. Only
 * what the schema names is sent, so a field a repository adds never leaks into an answer unseen.
 */
export const serializerCompiler: FastifySerializerCompiler<core.$ZodType> = ({ schema }) => {
  let write = writers.get(schema);
  if (!write) {
    write = fastJson(answerJsonSchema(schema) as Parameters<typeof fastJson>[0]);
    writers.set(schema, write);
  }
  return write;
};

/** An answer with nothing in it: 204 No Content, a redirect. */
export const noContent = z.void().describe('No content');

/**
 * An answer that is not JSON (CSV, XML, HTML, an image's bytes), sent as the handler made it:
 * declared so every route says what it answers; the serializer never sees a string or bytes.
 */
export const notJson = (what: string) =>
  z.custom<string | Buffer>().meta({ type: 'string', description: `${what}, not JSON` });

/**
 * A route's `schema.response`: its own answers by status, and the one error body for every 4xx
 * and 5xx (docs/product.md#errors).
 */
export const answers = <Success extends Record<number, core.$ZodType>>(success: Success) => ({
  ...success,
  '4xx': apiErrorBodySchema,
  '5xx': apiErrorBodySchema,
});
