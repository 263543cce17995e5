import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Config } from '../config';
import { loggableError } from '../log-redaction';
import type { GenerationReader } from '../coordination/content-generation';
import { londonDate } from '../../shared/london-time';
import type { SiteApi } from '../../shared/site-api';
import { render as renderFromBuild } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { documentHtml } from './document';
import { pageAddress } from './page-address';
import { PageCache } from './page-cache';
import { pageCacheStats } from './page-cache-stats';
import { trailingSlashRedirect } from './page-redirect';
import { chooseCoding, sendPage } from './page-response';
import type { Clock } from '../../shared/clock';
import type { PostedBooking } from '../../shared/bookings/page-choice';
import type { PostedForm } from '../../shared/enquiries/form-post';
import type { BookingLinkView } from '../../shared/bookings/link-pages';
import type { WaitingListView } from '../../shared/bookings/waiting-list-pages';
import { openerPolicy } from '../http/security-headers';
import { answers, noContent, notJson } from '../responses';
import { packPage } from './packed-page';

const localHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The Admin link shows only on local hosts and those listed in ADMIN_LINK_HOSTS (docs/product.md#site-facts). */
function showsAdminLink(request: FastifyRequest, config: Config): boolean {
  const host = request.hostname.toLowerCase();
  return localHosts.has(host) || config.adminLinkHosts.includes(host);
}

const notFoundBody = { error: 'Not found', code: 'NOT_FOUND' };

/** Renders one page; npm run dev passes one that reloads the page code after each edit. */
export type RenderPage = typeof renderFromBuild;

/**
 * Turns a URL into a whole document: for the page route below, and for a post's preview (which the
 * blog registers with its routes, before this route exists).
 */
export function createPageRenderer(
  config: Config,
  api: SiteApi,
  assets: ClientAssets,
  render: RenderPage = renderFromBuild,
  clock: Clock,
) {
  // A preview is shown where scripts never run (a sandboxed frame), so its document names none.
  const noScripts = { scripts: [], preloads: [] };
  const scriptFree: ClientAssets = { ...assets, entries: { app: noScripts, islands: noScripts } };

  const renderPage = async (
    url: string,
    showAdminLink: boolean,
    siteApi: SiteApi = api,
    pageAssets = assets,
    only: ForThisRequest = {},
  ) => {
    const rendered = await render({
      url,
      api: siteApi,
      ...(only.posted && { posted: only.posted }),
      ...(only.booking && { booking: only.booking }),
      ...(only.bookingLink && { bookingLink: only.bookingLink }),
      ...(only.waitingList && { waitingList: only.waitingList }),
      shell: {
        showAdminLink,
        publicUrl: config.publicUrl,
        year: clock().getFullYear(),
        today: londonDate(clock()),
        retentionMonths: config.retentionMonths,
      },
    });
    return {
      status: rendered.status,
      html: documentHtml(rendered, pageAssets, config.publicUrl),
      isolated: rendered.client === 'app',
      fresh: rendered.fresh,
    };
  };

  return {
    renderPage,
    /**
     * A staff preview (a post's, the site facts'): the page as the public would see it, but from
     * other data. Never cached, never stored by a browser or proxy, never indexed, no scripts.
     */
    sendPreview: async (reply: FastifyReply, url: string, siteApi: SiteApi) => {
      const page = await renderPage(url, false, siteApi, scriptFree);
      // Not even data blocks (page state, JSON-LD): nothing reads them there, and a sandbox reports each.
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(page.html.replace(/<script\b[^>]*>[^<]*<\/script>/g, ''));
    },
    /**
     * A public form the browser posted without script and that was not sent: the form's page
     * (the route's own path) again, with what was typed and what was wrong (decision 0062). It
     * holds the parent's details, so it never enters the page cache and nobody may store it.
     */
    sendPostedForm: (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      posted: PostedForm,
      /** A booking on /free-assessment (decision 0072): the address of its step, and what came back. */
      booking?: { url: string; posted: PostedBooking },
    ) =>
      booking
        ? sendForThisRequest(request, reply, status, { booking: booking.posted }, booking.url)
        : sendForThisRequest(request, reply, status, { posted }),
    /**
     * A booking's cancel or change page (issue 41), as its link's token opened it: its address
     * holds the token, so besides never being cached or stored, it is never indexed and never
     * named to another site (no Referer from its links).
     */
    sendBookingLink: (request: FastifyRequest, reply: FastifyReply, status: number, bookingLink: BookingLinkView) => {
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
      return sendForThisRequest(request, reply, status, { bookingLink });
    },
    /**
     * A waiting list's page (issue 51): the join form, or the claim link's page, which, as a
     * booking link's, is never indexed and never named to another site (its address holds the token).
     */
    sendWaitingList: (request: FastifyRequest, reply: FastifyReply, status: number, waitingList: WaitingListView) => {
      if (waitingList.page === 'claim')
        reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
      return sendForThisRequest(request, reply, status, { waitingList });
    },
  };

  /**
   * The route's own page (its path, never the query, unless `url` names the step to show) rendered
   * for this request alone: never from or into the page cache.
   */
  async function sendForThisRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    only: ForThisRequest,
    url?: string,
  ) {
    const path = url ?? request.routeOptions.url ?? '/';
    const page = await renderPage(path, showsAdminLink(request, config), api, assets, only);
    const coding = chooseCoding(request.headers['accept-encoding']);
    const packed = await packPage({ ...page, status }, [coding], { quick: true });
    const body = packed.bodies[coding] ?? packed.bodies.identity;
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding');
    // A public page, like the one the browser posted from (decision 0043).
    reply.removeHeader(openerPolicy.name);
    if (body !== packed.bodies.identity) reply.header('content-encoding', coding);
    return reply.send(body);
  }
}

/** What one request's page is rendered with, and so never cached: a form or a booking posted back, a booking link's view, a waiting list's. */
interface ForThisRequest {
  posted?: PostedForm;
  booking?: PostedBooking;
  bookingLink?: BookingLinkView;
  waitingList?: WaitingListView;
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/**
 * The next time a scheduled post appears, for a content generation ('none' if none), and today's
 * London date (closures, decision 0059): part of each cached page's key. Declared here, where it is used, and answered by the blog
 * (createPublicationBoundary), so the rendering seam imports nothing of a feature.
 */
export type PublicationBoundary = (generation: number) => string | Promise<string>;

/**
 * Renders every page on the server. The catch-all route loses to API routes and built files, so
 * everything else is a page, or the Not-found screen with a 404.
 */
export function registerPages(
  app: FastifyInstance,
  config: Config,
  { renderPage }: PageRenderer,
  {
    contentGeneration,
    publicationBoundary,
    pageAnswered,
  }: {
    contentGeneration: GenerationReader;
    publicationBoundary: PublicationBoundary;
    /** Told after each page answer is sent (the visit counts, decision 0065); off the answer's path. */
    pageAnswered?: onResponseHookHandler;
  },
): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));
  const cache = new PageCache({
    ttlMs: config.pageCacheMs,
    onRefreshError: (error) => app.log.error({ err: loggableError(error) }, 'a page could not be re-rendered'),
  });
  app.decorate('pageCache', cache);

  /**
   * The page from the cache or a render, sent in the coding asked for. A page still fresh in the
   * cache is answered synchronously when the keys' parts are at hand (SQLite's generation read
   * is synchronous, the next publication time is known): no promise per request on the path a
   * crowd takes. Everything else (PostgreSQL's shared read, a miss, a stale copy) goes through
   * the same key and the same cache, asynchronously.
   */
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const showAdminLink = showsAdminLink(request, config);
    const address = pageAddress(request.url);
    const coding = chooseCoding(request.headers['accept-encoding']);
    const keyFor = (generation: number, boundary: string) =>
      `${generation}|${boundary}|${showAdminLink}|${address.key}`;
    // The content generation (coordination/content-generation.ts) retires pages cached before any staff write, in every process.
    // The next scheduled publication too: once it passes, pages rendered before it are not served again.
    const generation = contentGeneration.read();
    if (typeof generation === 'number') {
      const boundary = publicationBoundary(generation);
      const fresh = typeof boundary === 'string' ? cache.fresh(keyFor(generation, boundary)) : undefined;
      if (fresh) {
        pageCacheStats.record(true);
        return sendPage(request, reply, fresh, coding);
      }
    }
    return (async () => {
      const settled = await generation;
      const cacheKey = keyFor(settled, await publicationBoundary(settled));
      let rendered = false;
      const page = await cache.page(cacheKey, { commonAddress: address.common, coding }, () => {
        rendered = true;
        return renderPage(request.url, showAdminLink);
      });
      // A request that waited for another's render, or got a stale copy, counts as a hit.
      pageCacheStats.record(!rendered);
      return sendPage(request, reply, page, coding);
    })();
  };

  // Pages are compressed once, in the cache (page-cache.ts), never per response. Nor is a body
  // ever read here, so no decompression hook either: a page request runs only the hooks it needs.
  app.get(
    '/*',
    {
      compress: false,
      decompress: false,
      schema: { response: answers({ 200: notJson('The page (HTML)'), 301: noContent }) },
      ...(pageAnswered ? { onResponse: pageAnswered } : {}),
    },
    (request, reply) => {
      const query = request.url.indexOf('?');
      const pathname = query === -1 ? request.url : request.url.slice(0, query);
      const search = query === -1 ? '' : request.url.slice(query + 1);
      if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
        return reply.code(404).send(notFoundBody);
      }
      const redirect = trailingSlashRedirect(pathname, search);
      if (redirect) return reply.redirect(redirect, 301);
      return answer(request, reply);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered-page cache; tests clear it to see a change made behind the API's back. */
    pageCache: PageCache;
  }
}
