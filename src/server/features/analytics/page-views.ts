import type { FastifyRequest } from 'fastify';
import { loggableError } from '../../log-redaction';
import { isBot, isPrefetch, objects, type VisitSource, visitSource } from './classify';
import type { Recorder } from './recorder';
import { type Visit, visitorHash } from './visitors';

/** The longest path counted; anything longer is no page of ours. */
const MAX_PATH = 300;

/** A visit with no campaign tags and no referrer. */
const DIRECT: VisitSource = Object.freeze({ channel: 'direct', source: null, medium: null, campaign: null });

/**
 * How many recent visitors' hashes are kept in memory, and how long at most (the timer that
 * forgets old salts empties it each minute): a hash costs more than the rest of counting a view,
 * and one reader's pages come in runs.
 */
const RECENT_VISITORS = 1000;

export interface Salts {
  today(): { day: string; salt: string | Promise<string> };
}

/** Whether a path is a public page: not the admin application, the API or a built file. */
export function isPublicPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.length > MAX_PATH) return false;
  if (path === '/admin' || ['/admin/', '/api/', '/assets/'].some((prefix) => path.startsWith(prefix))) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/**
 * Counts page views (decision 0065): what a request says about itself decides whether it is a
 * view, and only the hash of who asked is kept. `site` is this site's host: part of the hash, and
 * the referrer that is not a source.
 */
export function createPageViews({ salts, recorder, site }: { salts: Salts; recorder: Recorder; site: string }) {
  let recent = { salt: '', visitors: new Map<string, Visit>() };

  /** The request's visitor today, or null when it is not counted at all (objection, bot, prefetch). */
  const visitOf = (request: FastifyRequest): Visit | Promise<Visit> | null => {
    const { headers } = request;
    if (objects(headers)) return null;
    if (isBot(headers)) return null;
    const userAgent = headers['user-agent']!;
    const { day, salt } = salts.today();
    if (typeof salt !== 'string')
      return salt.then((value) => ({ day, visitor: visitorHash(value, request.ip, userAgent, site) }));
    if (salt !== recent.salt || recent.visitors.size >= RECENT_VISITORS) recent = { salt, visitors: new Map() };
    // Held only here, in this process's memory, for at most a minute; never written.
    const who = `${request.ip}\n${userAgent}`;
    let visit = recent.visitors.get(who);
    if (!visit) {
      visit = { day, visitor: visitorHash(salt, request.ip, userAgent, site) };
      recent.visitors.set(who, visit);
    }
    return visit;
  };

  /** One page shown at `url` (path and query), asked for by `request`. */
  const count = (request: FastifyRequest, url: string, referer: string | undefined) => {
    const { headers } = request;
    if (isPrefetch(headers) || objects(headers)) return;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!isPublicPath(path)) return;
    if (isBot(headers)) return recorder.leftOut();
    // Most views come with neither query nor referrer: direct, without parsing either.
    const source =
      query === -1 && !referer
        ? DIRECT
        : visitSource(new URLSearchParams(query === -1 ? '' : url.slice(query + 1)), referer, site);
    const add = (visit: Visit | null) => {
      if (visit) recorder.view(visit, path, source);
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
    /** Empties the recent visitors' hashes (each minute), so no address or agent stays in memory longer. */
    forgetRecent() {
      recent = { salt: '', visitors: new Map() };
    },
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
