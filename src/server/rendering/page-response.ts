import type { FastifyReply, FastifyRequest } from 'fastify';
import { openerPolicy } from '../http/security-headers';
import type { Coding, PackedPage } from './packed-page';

/**
 * The coding to send, from Accept-Encoding: the highest q-value of br and gzip (`*` stands for
 * any not named), brotli on a tie because it is smaller; identity when neither is acceptable.
 */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  // Browsers send one of a handful of short values, so each is parsed once. A stranger sending
  // many different ones only empties the memo now and then, and long ones are never kept.
  let coding = codingsSeen.get(acceptEncoding);
  if (coding === undefined) {
    coding = parseAcceptEncoding(acceptEncoding);
    if (acceptEncoding.length <= 128) {
      if (codingsSeen.size >= codingsRemembered) codingsSeen.clear();
      codingsSeen.set(acceptEncoding, coding);
    }
  }
  return coding;
}

const codingsRemembered = 64;
const codingsSeen = new Map<string, Coding>();

function parseAcceptEncoding(acceptEncoding: string): Coding {
  const quality: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality[name] = Number.isFinite(value) ? value : 0;
  }
  const br = quality.br ?? quality['*'] ?? 0;
  const gzip = quality.gzip ?? quality['x-gzip'] ?? quality['*'] ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** True when If-None-Match names `etag` (weak comparison, as RFC 9110 asks for this header) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Writes a packed page in `coding` (or 304 when the browser already holds those bytes). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PackedPage, wanted: Coding) {
  const coding = page.bodies[wanted] ? wanted : 'identity';
  const etag = page.etags[coding]!;
  reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    // Browsers revalidate every time (a 304 when nothing changed), so edits show at once.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (!page.isolated) reply.removeHeader(openerPolicy.name);
  if (page.status === 200 && matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(page.bodies[coding]);
}
