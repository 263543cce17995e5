import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../shared/clock';
import { loggableError } from '../../log-redaction';
import { isBot, isPrefetch, objects, visitSource } from './classify';
import type { Recorder } from './recorder';
import { visitorHash } from './visitors';

/** The longest path counted; anything longer is no page of ours. */
const MAX_PATH = 300;

export interface Salts {
  today(): { day: string; salt: string | Promise<string> };
}

/** Whether a path is a public page: not the admin application, the API or a built file. */
export function isPublicPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.length > MAX_PATH) return false;
  if (path === '/admin' || ['/admin/', '/api/', '/assets/'].some((prefix) => path.startsWith(prefix))) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

export interface Visit {
  day: string;
  visitor: string;
}

/**
 * Counts page views (decision 0065): what a request says about itself decides whether it is a
 * view, and only the hash of who asked is kept. `site` is this site's host: part of the hash, and
 * the referrer that is not a source.
 */
export function createPageViews({
  clock,
  salts,
  recorder,
  site,
}: {
  clock: Clock;
  salts: Salts;
  recorder: Recorder;
  site: string;
}) {
  /** The request's visitor today, or null when it is not counted at all (objection, bot, prefetch). */
  const visitOf = (request: FastifyRequest): Visit | Promise<Visit> | null => {
    const { headers } = request;
    if (objects(headers)) return null;
    if (isBot(headers)) return null;
    const userAgent = headers['user-agent']!;
    const { day, salt } = salts.today();
    const hash = (value: string) => ({ day, visitor: visitorHash(value, request.ip, userAgent, site) });
    return typeof salt === 'string' ? hash(salt) : salt.then(hash);
  };

  /** One page shown at `url` (path and query), asked for by `request`. */
  const count = (request: FastifyRequest, url: string, referer: string | undefined) => {
    const { headers } = request;
    if (isPrefetch(headers) || objects(headers)) return;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!isPublicPath(path)) return;
    if (isBot(headers)) return recorder.leftOut();
    const source = visitSource(new URLSearchParams(query === -1 ? '' : url.slice(query + 1)), referer, site);
    const at = clock().toISOString();
    const add = (visit: Visit | null) => {
      if (visit) recorder.view({ at, ...visit, path, ...source });
    };
    const visit = visitOf(request);
    if (visit instanceof Promise)
      return visit.then(add, (error: unknown) =>
        request.log.error({ err: loggableError(error) }, 'a page view could not be counted'),
      );
    add(visit);
  };

  return {
    visitOf,
    /** onResponse of the page route: a GET answered with the page (200) is a view. */
    async pageAnswered(request: FastifyRequest, reply: { statusCode: number }) {
      if (request.method !== 'GET' || reply.statusCode !== 200) return;
      await count(request, request.url, request.headers.referer);
    },
    /** The beacon of an in-place navigation shown from a prefetch: its page, no outside referrer. */
    shown: (request: FastifyRequest, url: string) => count(request, url, undefined),
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
