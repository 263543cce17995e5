import type { FastifyRequest } from 'fastify';
import { loggableError } from '../../log-redaction';
import { isBotAgent, isPrefetch, objects, type VisitSource, visitSource } from './classify';
import type { Recorder } from './recorder';
import { type Visit, visitorHash } from './visitors';

/** The longest path counted; anything longer is no page of ours. */
const MAX_PATH = 300;

/** A visit with no campaign tags and no referrer. */
const DIRECT: VisitSource = Object.freeze({ channel: 'direct', source: null, medium: null, campaign: null });

/**
 * How many recent readers (an address with a user agent) are kept in memory, and how long at most
 * (the timer that forgets old salts empties them each minute): a hash costs more than the rest of
 * counting a view, and one reader's pages come in runs.
 */
const RECENT_READERS = 1000;

/** What this process recalls of one user agent for at most a minute: a bot's or not, and its readers' visits by address. */
interface Agent {
  bot: boolean;
  visits: Map<string, Visit>;
}

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
  let recent = { salt: '', agents: new Map<string, Agent>(), readers: 0 };
  const forgetRecent = (salt = '') => {
    recent = { salt, agents: new Map(), readers: 0 };
  };

  /** The user agent as recalled (its bot test is a long expression, asked once a minute per agent). */
  const agentOf = (userAgent: string): Agent => {
    let agent = recent.agents.get(userAgent);
    if (!agent) {
      agent = { bot: isBotAgent(userAgent), visits: new Map() };
      recent.agents.set(userAgent, agent);
    }
    return agent;
  };

  /**
   * The request's visitor today; 'bot' when a bot asked, null when the reader objects. Held only
   * here, in this process's memory, for at most a minute, never written: the address and agent,
   * keyed (agent first, address within) to the day's hash of them.
   */
  const readerOf = (request: FastifyRequest): Visit | Promise<Visit> | 'bot' | null => {
    const { headers } = request;
    if (objects(headers)) return null;
    const userAgent = headers['user-agent'];
    if (!userAgent || !headers['accept-language']?.trim()) return 'bot';
    const { day, salt } = salts.today();
    if (typeof salt !== 'string') {
      if (isBotAgent(userAgent)) return 'bot';
      return salt.then((value) => ({ day, visitor: visitorHash(value, request.ip, userAgent, site) }));
    }
    // Bounded however many agents and addresses a flood makes up: a full memory starts afresh.
    if (salt !== recent.salt || recent.readers >= RECENT_READERS || recent.agents.size >= RECENT_READERS)
      forgetRecent(salt);
    const agent = agentOf(userAgent);
    if (agent.bot) return 'bot';
    const address = request.ip;
    let visit = agent.visits.get(address);
    if (!visit) {
      visit = { day, visitor: visitorHash(salt, address, userAgent, site) };
      agent.visits.set(address, visit);
      recent.readers += 1;
    }
    return visit;
  };

  /** The request's visitor today, or null when it is not counted at all (objection, bot). */
  const visitOf = (request: FastifyRequest): Visit | Promise<Visit> | null => {
    const visit = readerOf(request);
    return visit === 'bot' ? null : visit;
  };

  /** One page shown at `url` (path and query), asked for by `request`. */
  const count = (request: FastifyRequest, url: string, referer: string | undefined) => {
    if (isPrefetch(request.headers)) return;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!isPublicPath(path)) return;
    const visit = readerOf(request);
    if (visit === null) return;
    if (visit === 'bot') return recorder.leftOut();
    // Most views come with neither query nor referrer: direct, without parsing either.
    const source =
      query === -1 && !referer
        ? DIRECT
        : visitSource(new URLSearchParams(query === -1 ? '' : url.slice(query + 1)), referer, site);
    if (!(visit instanceof Promise)) return recorder.view(visit, path, source);
    return visit.then(
      (settled) => recorder.view(settled, path, source),
      (error: unknown) => request.log.error({ err: loggableError(error) }, 'a page view could not be counted'),
    );
  };

  return {
    visitOf,
    /**
     * onResponse of the page route: a GET answered with the page (200) is a view. A hook with a
     * callback, not a promise: nothing in it waits.
     */
    pageAnswered(request: FastifyRequest, reply: { statusCode: number }, done: () => void) {
      if (request.method === 'GET' && reply.statusCode === 200) count(request, request.url, request.headers.referer);
      done();
    },
    /** The beacon of an in-place navigation shown from a prefetch: its page, no outside referrer. */
    shown: (request: FastifyRequest, url: string) => count(request, url, undefined),
    /** Empties the recent readers (each minute), so no address or agent stays in memory longer. */
    forgetRecent: () => forgetRecent(),
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
