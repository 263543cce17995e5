import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

// What every form a browser posts without script needs (decision 0062): the enquiry forms' and
// the booking links' pages (issue 41) read their bodies and refuse other sites' posts alike.

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

/**
 * Makes `application/x-www-form-urlencoded` (at most `bodyLimit` bytes) the only body the plugin
 * `app` accepts: call it inside the forms' own plugin, so the JSON routes never gain it.
 */
export function acceptFormBodiesOnly(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
