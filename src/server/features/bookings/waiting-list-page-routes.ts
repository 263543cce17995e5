import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { waitingListMessages, waitingListSchema } from '../../../shared/bookings/waiting-list';
import {
  type ClaimRefusal,
  type ClaimView,
  type JoinView,
  type WaitingListView,
  dayOf,
  joinedAddress,
} from '../../../shared/bookings/waiting-list-pages';
import { caughtByHoneypot, honeypotField } from '../../../shared/enquiries/honeypot';
import type { Clock } from '../../../shared/clock';
import { londonDate, utcToLondonLocal } from '../../../shared/london-time';
import { paths } from '../../../shared/routes';
import { AppError } from '../../errors';
import { field, limitActing, pickedAmong, tokenOf } from './link-fields';
import { errorAnswer } from '../../http/error-handler';
import { acceptFormBodiesOnly, isCrossSitePost } from '../../http/form-body';
import type { PageRenderer } from '../../rendering/pages';
import { noContent, notJson } from '../../responses';
import { crossSiteRefused, firstMessages, keptValues } from '../enquiries';
import type { BookingsService } from './service';
import type { WaitingEntry, WaitingList } from './waiting-list';

interface WaitingListPageOptions {
  waitingList: WaitingList;
  service: BookingsService;
  pages: PageRenderer;
  clock: Clock;
  publicUrl: string;
  bodyLimit: number;
  /** The forms' and bookings' limiter: a post here counts towards the same per-address limit. */
  limitPerAddress: preHandlerAsyncHookHandler;
}

/** A person reads these: always the page, never JSON. */
const page = notJson('The waiting list’s page (HTML)');
const response = { 200: page, 303: noContent, '4xx': page, '5xx': page };

/** The join form's fields, whose values go back into it when it comes back. */
const joinFields = Object.keys(waitingListSchema.shape).filter(
  (name) => name !== honeypotField && name !== 'emailTitle',
);

/** What each refusal answers: the link names nothing (404), or a place that has ended (410). */
const refusalStatus: Readonly<Record<ClaimRefusal, number>> = { 'not-valid': 404, ended: 410 };

/** The London date of an offered time. */
const londonDay = (time: OfferedTime) => utcToLondonLocal(time.start).slice(0, 10);

/**
 * The waiting list's pages (issue 51), posting without script as the enquiry forms and the
 * booking links do (decision 0062): every answer rendered for its request alone (no-store).
 *
 * `/free-assessment/waiting-list` joins: the booking form's details and the days the family
 * could come. Joined, `303` to the answer, whose address names the days and no one; not valid
 * or outside the window, `400` and the form again with the messages at their fields and the
 * values kept; those days have free times, `409` with them to book instead. Each post counts
 * towards the forms' per-address limit; a filled honeypot is answered as joined, nothing stored.
 *
 * `/free-assessment/waiting?token=…` claims, as the change link's page moves (link-page-routes.ts):
 * `GET` shows the family's days with their free times and changes nothing; the page's forms post
 * the token back in the body (never in an address but the e-mail's), a day (`day`) or a time
 * (`at`) drawing the page again, a time confirmed (`startsAt`) booking it onto the family's own
 * enquiry (`service.claim`), with the details already held. Never indexed, no Referer.
 */
export const waitingListPageRoutes: FastifyPluginAsync<WaitingListPageOptions> = async (app, options) => {
  const { waitingList, service, pages, clock, bodyLimit, limitPerAddress } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const isClaim = (request: FastifyRequest) => request.routeOptions.url === paths.freeAssessmentWaiting;

  const send = (request: FastifyRequest, reply: FastifyReply, status: number, view: WaitingListView) =>
    pages.sendWaitingList(request, reply, status, view);

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: ClaimRefusal) =>
    send(request, reply, refusalStatus[reason], { page: 'claim', state: 'refused', reason });

  /** The days a family may wait for; today alone when the window cannot be read (the database away). */
  const bounds = async (): Promise<Pick<JoinView, 'today' | 'last'>> => {
    try {
      return await waitingList.bookableDays();
    } catch {
      return { today: londonDate(clock()) };
    }
  };

  acceptFormBodiesOnly(app, bodyLimit);

  // Before the body is read: another site's page may not book for a family, nor send its details.
  app.addHook('onRequest', async (request) => {
    if (!isCrossSitePost(request, publicOrigin)) return;
    const claim = isClaim(request);
    request.log.info(
      { page: claim ? 'waiting-list-claim' : 'waiting-list' },
      'waiting list post from another site refused',
    );
    if (!claim) throw crossSiteRefused();
    throw new AppError(
      403,
      'CROSS_SITE_FORM',
      'This was sent from another website, so we have booked nothing. Please use the link in our e-mail.',
    );
  });

  // The claim: a query or body no link and no browser makes reads as a link that is not valid.
  // The join: the form again with the message (another site's values never put back in it).
  app.setErrorHandler(async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, retryAfter } = errorAnswer(error, request);
    if (retryAfter) reply.header('retry-after', retryAfter);
    if (isClaim(request)) {
      if (status === 400 || status === 404)
        return send(request, reply, 400, { page: 'claim', state: 'refused', reason: 'not-valid' });
      return send(request, reply, status, { page: 'claim', state: 'failed', message: body.error });
    }
    const values = status === 403 || request.method !== 'POST' ? {} : keptValues(request.body, joinFields);
    return send(request, reply, status, { page: 'join', ...(await bounds()), values, notice: body.error });
  });

  // --- joining ---

  app.get(paths.freeAssessmentWaitingList, { schema: { response } }, async (request, reply) => {
    const days = await bounds();
    const from = dayOf(field(request.query, 'from'));
    const to = dayOf(field(request.query, 'to'));
    if (field(request.query, 'joined') === '1' && from && to && from <= to) {
      return send(request, reply, 200, { page: 'join', ...days, joined: { from, to } });
    }
    // The booking page's day, when it is one that may be asked for.
    const usable = (day: string) => day >= days.today && (days.last === undefined || day <= days.last);
    const values: Record<string, string> = {};
    if (from && usable(from)) values.from = from;
    if (to && usable(to)) values.to = to;
    return send(request, reply, 200, { page: 'join', ...days, values });
  });

  app.post(
    paths.freeAssessmentWaitingList,
    // After the body is read, as the forms' posts: a refused parent gets the form back as typed.
    { bodyLimit, preHandler: limitPerAddress, schema: { response } },
    async (request, reply) => {
      const body = request.body ?? {};
      const values = keptValues(body, joinFields);
      const again = async (status: number, answer: Pick<JoinView, 'errors' | 'notice' | 'freeDays'>) =>
        send(request, reply, status, { page: 'join', ...(await bounds()), values, ...answer });
      const result = waitingListSchema.safeParse(body);
      if (!result.success) return again(400, { errors: firstMessages(result.error.issues) });
      const { from, to } = result.data;
      // Filled in: answered as joined, and nothing stored (decision 0054).
      if (caughtByHoneypot(body)) {
        request.log.info({ form: 'waiting-list' }, 'waiting list entry dropped: honeypot field filled in');
        return reply.redirect(joinedAddress(from, to), 303);
      }
      const outcome = await waitingList.join(result.data);
      if (outcome.kind === 'outside-window') {
        return again(400, { errors: { [outcome.field]: waitingListMessages.outsideWindow(outcome.last) } });
      }
      if (outcome.kind === 'times-free') {
        return again(409, { notice: waitingListMessages.timesFree, freeDays: outcome.days.map((day) => day.date) });
      }
      return reply.redirect(joinedAddress(from, to), 303);
    },
  );

  // --- claiming ---

  /** The choosing page: the family's days with their free times, what was opened or picked. */
  const choose = async (
    token: string,
    entry: WaitingEntry,
    body: unknown,
    extra: Pick<Extract<ClaimView, { state: 'choose' }>, 'taken' | 'notOffered' | 'notice'> = {},
  ): Promise<ClaimView> => {
    const days = await waitingList.freeFor(entry);
    const { firstName, email, from, to } = entry;
    return {
      page: 'claim',
      state: 'choose',
      token,
      firstName,
      email,
      from,
      to,
      days,
      ...pickedAmong(days, body),
      ...extra,
    };
  };

  app.get(paths.freeAssessmentWaiting, { schema: { response } }, async (request, reply) => {
    const token = tokenOf(request.query);
    if (!token) return send(request, reply, 400, { page: 'claim', state: 'refused', reason: 'not-valid' });
    const found = await waitingList.claimOf(token);
    if (found.kind === 'unknown') return refuse(request, reply, 'not-valid');
    if (found.kind === 'ended') return refuse(request, reply, 'ended');
    // The e-mail's link alone: the day and the time are chosen by posts.
    return send(request, reply, 200, await choose(token, found.entry, {}));
  });

  app.post(
    paths.freeAssessmentWaiting,
    { bodyLimit, preHandler: limitActing(limitPerAddress), schema: { response } },
    async (request, reply) => {
      const token = tokenOf(request.body);
      if (!token) return send(request, reply, 400, { page: 'claim', state: 'refused', reason: 'not-valid' });
      const found = await waitingList.claimOf(token);
      if (found.kind === 'unknown') return refuse(request, reply, 'not-valid');
      if (found.kind === 'ended') return refuse(request, reply, 'ended');
      const { entry } = found;
      const wanted = field(request.body, 'startsAt');
      if (wanted === undefined) {
        return send(request, reply, 200, await choose(token, entry, request.body));
      }
      const outcome = await service.claim(entry, wanted);
      switch (outcome.kind) {
        case 'booked':
          return send(request, reply, 200, { page: 'claim', state: 'booked', startsAt: outcome.booked.startsAt });
        case 'taken': {
          // The nearest free times within the family's days.
          const taken = outcome.nearest.filter((time) => entry.from <= londonDay(time) && londonDay(time) <= entry.to);
          return send(request, reply, 409, await choose(token, entry, {}, { taken }));
        }
        case 'not-offered':
          return send(request, reply, 400, await choose(token, entry, {}, { notOffered: true }));
        case 'not-in-period':
          return send(request, reply, 400, await choose(token, entry, {}, { notice: waitingListMessages.notInPeriod }));
        case 'already-booked':
          return send(request, reply, 409, await choose(token, entry, {}, { notice: outcome.message }));
        case 'claim-ended':
          return refuse(request, reply, 'ended');
      }
    },
  );
};
