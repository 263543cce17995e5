import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_PAGE, type PageShown } from '../../../shared/analytics/page-shown';
import { addressKey } from '../../client-address';
import { loggableError } from '../../log-redaction';
import { isBotAgent, isPrefetch, objects, type VisitSource, visitSource } from './classify';
import type { IsKnownPage } from './known-pages';
import type { Recorder } from './recorder';
import { type Visit, visitorHash } from './visitors';
import type { Clock } from '../../../shared/clock';

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

/**
 * How many addresses' views this minute are held before the count starts afresh, so a flood from
 * many addresses cannot grow it.
 */
const COUNTED_ADDRESSES = 10_000;

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
export function createPageViews({
  salts,
  recorder,
  site,
  isKnownPage,
  addressLimit,
  clock,
}: {
  salts: Salts;
  recorder: Recorder;
  site: string;
  isKnownPage: IsKnownPage;
  /**
   * The views one address (IPv6 by its /64) may add in a minute in this process (ANALYTICS_ADDRESS_LIMIT,
   * 120): a family reads a few pages a minute; beyond, a flood is left out.
   */
  addressLimit: number;
  clock: Clock;
}) {
  let recent = { salt: '', agents: new Map<string, Agent>(), readers: 0 };
  const forgetRecent = (salt = '') => {
    recent = { salt, agents: new Map(), readers: 0 };
  };
  /**
   * Views counted per address in the clock's minute `perAddressMinute`: started afresh by the first
   * view of the next minute, on the one clock, so a count never restarts in the middle of a
   * minute (as it did when a timer emptied it).
   */
  let perAddress = new Map<string, number>();
  let perAddressMinute = -1;

  /** Counts a view against its address; true once the address is past its minute's share. */
  const overLimit = (ip: string) => {
    // An IPv4 address is its own key; only IPv6 needs its /64 worked out.
    const key = ip.includes(':') ? addressKey(ip) : ip;
    const minute = Math.floor(clock().getTime() / 60_000);
    if (minute !== perAddressMinute || perAddress.size >= COUNTED_ADDRESSES) {
      perAddress = new Map();
      perAddressMinute = minute;
    }
    const views = (perAddress.get(key) ?? 0) + 1;
    perAddress.set(key, views);
    return views > addressLimit;
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

  /**
   * One showing of the page at `path` (`query` its query string, '' for none), asked for by
   * `request`; `showing` names a beacon's showing. Left out: a bot's, and an address past its
   * minute's share; an objecting reader's not even that.
   */
  const count = (request: FastifyRequest, path: string, query: string, referer?: string, showing?: string) => {
    const visit = readerOf(request);
    if (visit === null) return;
    if (visit === 'bot' || overLimit(request.ip)) return recorder.leftOut();
    // Most views come with neither query nor referrer: direct, without parsing either.
    const source = query === '' && !referer ? DIRECT : visitSource(new URLSearchParams(query), referer, site);
    if (!(visit instanceof Promise)) return recorder.view(visit, path, source, showing);
    return visit.then(
      (settled) => recorder.view(settled, path, source, showing),
      (error: unknown) => request.log.error({ err: loggableError(error) }, 'a page view could not be counted'),
    );
  };

  return {
    visitOf,
    /**
     * onResponse of the page route: a GET answered with the page (200), or with "yours is still
     * right" (304, a browser showing its copy again), is a view of it; answered with the
     * not-found page (404), a view of NOT_FOUND_PAGE, so a made-up address adds no page of its
     * own. Never a prefetch. A hook with a callback, not a promise: nothing in it waits.
     */
    pageAnswered(request: FastifyRequest, reply: { statusCode: number }, done: () => void) {
      const status = reply.statusCode;
      if (
        request.method === 'GET' &&
        (status === 200 || status === 304 || status === 404) &&
        !isPrefetch(request.headers)
      ) {
        const { url } = request;
        const mark = url.indexOf('?');
        const path = mark === -1 ? url : url.slice(0, mark);
        if (isPublicPath(path))
          count(
            request,
            status === 404 ? NOT_FOUND_PAGE : path,
            mark === -1 ? '' : url.slice(mark + 1),
            request.headers.referer,
          );
      }
      done();
    },
    /**
     * The beacon of a showing the server did not see (decision 0065): counted when it names one of
     * the site's own pages, once per showing id, without an outside referrer.
     */
    async shown(request: FastifyRequest, { page, showing }: PageShown) {
      const mark = page.indexOf('?');
      const path = mark === -1 ? page : page.slice(0, mark);
      if (!isPublicPath(path) || !(await isKnownPage(path))) return;
      return count(request, path, mark === -1 ? '' : page.slice(mark + 1), undefined, showing);
    },
    /**
     * Empties the recent readers, and the addresses' counts once their minute is over (run each
     * minute): no address or agent stays in memory more than two minutes.
     */
    forgetRecent: () => {
      forgetRecent();
      if (Math.floor(clock().getTime() / 60_000) !== perAddressMinute) perAddress = new Map();
    },
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
