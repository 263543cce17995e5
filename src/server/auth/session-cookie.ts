import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The staff session cookie: sent only to the API, never readable by the page's scripts. */
export const SESSION_COOKIE = 'admin_session';
const cookiePath = '/api';

/** The session token the request carries, if any (an empty value counts as none). */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value ? value : undefined;
}

/**
 * `Secure` whenever the site is served over HTTPS: PUBLIC_URL says so, or this request came over
 * HTTPS (directly, or through a proxy TRUST_PROXY trusts). No Max-Age: the browser forgets it when
 * it closes, and the server ends it after the idle and absolute limits either way.
 */
function attributes(config: Config, request: FastifyRequest) {
  const secure = config.publicUrl.startsWith('https:') || request.protocol === 'https';
  return { path: cookiePath, httpOnly: true, sameSite: 'strict', secure } as const;
}

export function setSessionCookie(reply: FastifyReply, config: Config, request: FastifyRequest, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, attributes(config, request));
}

export function clearSessionCookie(reply: FastifyReply, config: Config, request: FastifyRequest): void {
  reply.clearCookie(SESSION_COOKIE, attributes(config, request));
}
