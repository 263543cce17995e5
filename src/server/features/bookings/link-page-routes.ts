import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  type BookingLinkView,
  type CancelView,
  type ChangeView,
  type LinkPurpose,
  type LinkRefusal,
} from '../../../shared/bookings/link-pages';
import { paths } from '../../../shared/routes';
import { AppError } from '../../errors';
import { field, limitActing, pickedAmong, tokenOf } from './link-fields';
import { errorAnswer } from '../../http/error-handler';
import { acceptFormBodiesOnly, isCrossSitePost } from '../../http/form-body';
import type { PageRenderer } from '../../rendering/pages';
import { noContent, notJson } from '../../responses';
import type { BookingsService, CallUs, LinkRefused } from './service';

interface LinkPageOptions {
  service: BookingsService;
  pages: PageRenderer;
  publicUrl: string;
  bodyLimit: number;
  /** The enquiry forms' limiter: a post here counts towards the same per-address limit. */
  limitPerAddress: preHandlerAsyncHookHandler;
}

/** A person reads these: always the page, never JSON. */
const page = notJson('The booking link’s page (HTML)');
const response = { 200: page, 303: noContent, '4xx': page, '5xx': page };

/** What each refusal answers: the link names nothing (404), or named a booking it can no longer act on (410). */
const refusalStatus: Readonly<Record<LinkRefusal, number>> = {
  'not-valid': 404,
  'already-cancelled': 410,
  passed: 410,
};

/**
 * A link to a booking still to come that may no longer act online (issue 51): the page shows the
 * booking's time and the centre's phone and says to call; a post is answered 409 with it.
 */
const callUsView = (page: LinkPurpose, { reason, startsAt, limit }: CallUs): BookingLinkView =>
  page === 'cancel'
    ? { page, state: 'call-us', reason, startsAt, limit }
    : { page, state: 'call-us', reason, startsAt, limit };

const refusalOf = (outcome: LinkRefused): LinkRefusal =>
  outcome.kind === 'unknown' ? 'not-valid' : outcome.kind === 'already-cancelled' ? 'already-cancelled' : 'passed';

/**
 * The pages a booking's mail links to (issue 41): `GET` shows what the link would do and changes
 * nothing (mail scanners and link previews follow links); the page's form posts the token back to
 * the same address, without script as with it (decision 0062's way). Each answer is rendered for
 * its request alone: no-store, no Referer, noindex (pages.ts `sendBookingLink`). The token is
 * never logged: the request log keeps paths without queries, and nothing here logs it.
 */
export const linkPageRoutes: FastifyPluginAsync<LinkPageOptions> = async (app, options) => {
  const { service, pages, bodyLimit, limitPerAddress } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const purposeAt = new Map<string, LinkPurpose>([
    [paths.freeAssessmentCancel, 'cancel'],
    [paths.freeAssessmentChange, 'change'],
  ]);
  const purposeOf = (request: FastifyRequest): LinkPurpose => purposeAt.get(request.routeOptions.url ?? '') ?? 'cancel';

  const send = (request: FastifyRequest, reply: FastifyReply, status: number, view: BookingLinkView) =>
    pages.sendBookingLink(request, reply, status, view);

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: LinkRefusal) => {
    const page = purposeOf(request);
    return send(request, reply, refusalStatus[reason], { page, state: 'refused', reason });
  };

  acceptFormBodiesOnly(app, bodyLimit);

  // Before the body is read: another site's page may not cancel or move a parent's booking.
  app.addHook('onRequest', async (request) => {
    if (isCrossSitePost(request, publicOrigin)) {
      request.log.info({ link: purposeOf(request) }, 'booking link post from another site refused');
      throw new AppError(
        403,
        'CROSS_SITE_FORM',
        'This was sent from another website, so we have changed nothing. Please use the link in your confirmation e-mail.',
      );
    }
  });

  // A query or body no link and no browser makes (a repeated parameter, broken text) reads as a
  // link that is not valid; anything else (too many posts, the database away) says what it is.
  app.setErrorHandler(async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, retryAfter } = errorAnswer(error, request);
    if (retryAfter) reply.header('retry-after', retryAfter);
    const page = purposeOf(request);
    if (status === 400 || status === 404)
      return send(request, reply, 400, { page, state: 'refused', reason: 'not-valid' });
    return send(request, reply, status, { page, state: 'failed', message: body.error });
  });

  // --- cancel ---

  app.get(paths.freeAssessmentCancel, { schema: { response } }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (!token) return send(request, reply, 400, { page: 'cancel', state: 'refused', reason: 'not-valid' });
    const outcome = await service.opened('cancel', token);
    if (outcome.kind === 'call-us') return send(request, reply, 200, callUsView('cancel', outcome));
    if (outcome.kind !== 'open') return refuse(request, reply, refusalOf(outcome));
    const view: CancelView = { page: 'cancel', state: 'confirm', token, startsAt: outcome.found.startsAt };
    return send(request, reply, 200, view);
  });

  app.post(
    paths.freeAssessmentCancel,
    { bodyLimit, preHandler: limitPerAddress, schema: { response } },
    async (request, reply) => {
      const token = tokenOf(request.body);
      if (!token) return send(request, reply, 400, { page: 'cancel', state: 'refused', reason: 'not-valid' });
      const outcome = await service.cancel(token);
      if (outcome.kind === 'call-us') return send(request, reply, 409, callUsView('cancel', outcome));
      if (outcome.kind !== 'cancelled') return refuse(request, reply, refusalOf(outcome));
      return send(request, reply, 200, { page: 'cancel', state: 'cancelled', startsAt: outcome.startsAt });
    },
  );

  // --- change ---

  /** The choosing page: the booking's time, the days and times it may move to, what was opened or picked. */
  const choose = async (
    token: string,
    startsAt: string,
    body: unknown,
    extra: Pick<Extract<ChangeView, { state: 'choose' }>, 'taken' | 'notOffered'> = {},
  ): Promise<ChangeView> => {
    // Its own time is no time to move to.
    const days = (await service.offered()).days
      .map((day) => ({ ...day, times: day.times.filter((time) => time.start !== startsAt) }))
      .filter((day) => day.times.length > 0);
    return { page: 'change', state: 'choose', token, startsAt, days, ...pickedAmong(days, body), ...extra };
  };

  app.get(paths.freeAssessmentChange, { schema: { response } }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (!token) return send(request, reply, 400, { page: 'change', state: 'refused', reason: 'not-valid' });
    const outcome = await service.opened('change', token);
    if (outcome.kind === 'call-us') return send(request, reply, 200, callUsView('change', outcome));
    if (outcome.kind !== 'open') return refuse(request, reply, refusalOf(outcome));
    // The e-mail's link alone: the day and the time are chosen by posts (issue 51).
    return send(request, reply, 200, await choose(token, outcome.found.startsAt, {}));
  });

  // The page's forms post here, the token in the body (never in an address but the e-mail's link,
  // issue 51): a day (`day`) or a time (`at`) chosen draws the page again and changes nothing; a
  // time confirmed (`startsAt`) moves the booking.
  app.post(
    paths.freeAssessmentChange,
    { bodyLimit, preHandler: limitActing(limitPerAddress), schema: { response } },
    async (request, reply) => {
      const token = tokenOf(request.body);
      if (!token) return send(request, reply, 400, { page: 'change', state: 'refused', reason: 'not-valid' });
      // A time as the page's forms give it; anything else is a time not offered, compared whole.
      const wanted = field(request.body, 'startsAt');
      if (wanted === undefined) {
        const opened = await service.opened('change', token);
        if (opened.kind === 'call-us') return send(request, reply, 200, callUsView('change', opened));
        if (opened.kind !== 'open') return refuse(request, reply, refusalOf(opened));
        return send(request, reply, 200, await choose(token, opened.found.startsAt, request.body));
      }
      const outcome = await service.change(token, wanted);
      switch (outcome.kind) {
        case 'booked':
          return send(request, reply, 200, { page: 'change', state: 'changed', startsAt: outcome.booked.startsAt });
        case 'taken':
        case 'not-offered': {
          const opened = await service.opened('change', token);
          if (opened.kind === 'call-us') return send(request, reply, 409, callUsView('change', opened));
          if (opened.kind !== 'open') return refuse(request, reply, refusalOf(opened));
          const extra = outcome.kind === 'taken' ? { taken: outcome.nearest } : { notOffered: true as const };
          const view = await choose(token, opened.found.startsAt, {}, extra);
          return send(request, reply, outcome.kind === 'taken' ? 409 : 400, view);
        }
        case 'call-us':
          return send(request, reply, 409, callUsView('change', outcome));
        default:
          return refuse(request, reply, refusalOf(outcome));
      }
    },
  );
};
