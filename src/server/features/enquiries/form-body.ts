import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors';
import { isCleanText } from '../../http/input-rules';

/**
 * A form body (`application/x-www-form-urlencoded`) as an object of strings. Own properties made
 * by `Object.fromEntries`, so a field named `__proto__` is just a field, never the prototype. A
 * browser sends each of our fields once; a body naming one twice was made by hand and is refused,
 * as a repeated query parameter is (http/input-rules.ts), without repeating what it said.
 */
export function parseFormBody(body: string): Record<string, string> {
  const seen = new Set<string>();
  const entries: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(body)) {
    if (seen.has(name))
      throw badRequest('The form arrived with a field given twice, so it was not sent. Please send it again.');
    seen.add(name);
    entries.push([name, value]);
  }
  return Object.fromEntries(entries);
}

/**
 * True for a browser's post made by another site's page (decision 0062). Browsers say where a
 * request comes from in `Sec-Fetch-Site`; one that does not (older Safari, or plain HTTP away from
 * localhost) still sends `Origin` with a POST. A request with neither is no browser's cross-site
 * post (a script, curl), which the JSON API accepts from anyone anyway.
 */
export function isCrossSitePost(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  // `none`: the person started it themselves (the address bar, a bookmark), not another site.
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

export const crossSiteRefused = () =>
  new AppError(
    403,
    'CROSS_SITE_FORM',
    'This form was sent from another website, so we have not sent it. If you meant to write to us, fill it in here and send it again.',
  );

/** The values worth putting back in the form: its own fields, as text a person could have typed. */
export function keptValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  if (body === null || typeof body !== 'object') return kept;
  for (const field of fields) {
    const value = Object.hasOwn(body, field) ? (body as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string' && isCleanText(value)) kept[field] = value;
  }
  return kept;
}

/** The schema's first message for each field, as the island shows them (use-zod-form.ts). */
export function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !Object.hasOwn(messages, field)) messages[field] = issue.message;
  }
  return messages;
}
