import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/**
 * True when text holds no NUL and no lone UTF-16 surrogate. PostgreSQL refuses both in text
 * columns (a 500 before this rule), and neither is anything a person typed.
 */
export function isCleanText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

const problem = (field: string) => badRequest(`${field} must not contain a NUL character or broken Unicode.`, field);

interface Pending {
  value: unknown;
  key: string;
  parent: Pending | undefined;
}

/** The dotted name of a value, built only for the one that fails (building it for every value would cost depth squared). */
function fieldName(item: Pending): string {
  const keys: string[] = [];
  for (let at: Pending | undefined = item; at; at = at.parent) if (at.key) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Throws a 400 naming the first field (or key) with unclean text anywhere in a value. A loop with
 * its own stack, not recursion: a deeply nested JSON body must not overflow the call stack.
 */
export function checkCleanText(value: unknown, root: string): void {
  const pending: Pending[] = [{ value, key: root, parent: undefined }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    const current = item.value;
    if (typeof current === 'string') {
      if (!isCleanText(current)) throw problem(fieldName(item) || 'body');
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isCleanText(key)) throw problem(fieldName(item) || 'body');
        pending.push({ value: child, key, parent: item });
      }
    }
  }
}

/** The wildcard of the page route is the whole path. */
const paramField = (name: string) => (name === '*' ? 'path' : name);

/**
 * One rule for every route, so a new route cannot forget it: path parameters, query parameters
 * and parsed bodies must be clean text, and each query parameter may be given once (a repeated
 * one arrives as an array, which code expecting a string would trip over).
 */
export function registerInputRules(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function checkRequest(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) checkCleanText(value, paramField(name));
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) {
    if (!isCleanText(name)) throw problem('query');
    if (Array.isArray(value)) throw badRequest(`Give ${name} only once.`, name);
    checkCleanText(value, name);
  }
  if (request.body !== undefined) checkCleanText(request.body, '');
}
