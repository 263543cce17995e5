import rateLimit from '@fastify/rate-limit';
import {
  type BookedTime,
  type CancelledBooking,
  type OfferedTimes,
  type TimeTaken,
  timeTakenMessage,
} from '../../../shared/bookings/bookings';
import {
  bookedTimeSchema,
  bookingConflictSchema,
  cancelledBookingSchema,
  offeredTimesSchema,
} from '../../../shared/bookings/responses';
import { bookingChangeSchema, bookingSchema, bookingTokenSchema } from '../../../shared/bookings/schemas';
import { caughtByHoneypot } from '../../../shared/enquiries/honeypot';
import { londonTimeZone } from '../../../shared/london-time';
import { perAddress } from '../../client-address';
import type { FeaturePlugin } from '../../context';
import { databaseRateLimitStore } from '../../coordination/rate-limit-store';
import { AppError, badRequest, notFound } from '../../errors';
import { answers } from '../../responses';
import type { Attribute } from '../analytics';
import type { PageRenderer } from '../../rendering/pages';
import { linkPageRoutes } from './link-page-routes';
import { waitingListPageRoutes } from './waiting-list-page-routes';
import type { WaitingList } from './waiting-list';
import { waitingListRoutes } from './waiting-list-routes';
import type { BookingsService, CallUs, ChangeOutcome } from './service';

/** A link that may no longer act online: 409, saying why and the number to call. */
const callUs = (outcome: CallUs) =>
  new AppError(409, outcome.reason === 'cut-off' ? 'CUT_OFF' : 'CHANGE_LIMIT', outcome.message);

/** As the enquiry forms': every field at its longest in multi-byte text. */
const bodyLimit = 64 * 1024;

/**
 * The public side of booking the free assessment (issue 41): the times offered, a booking, and
 * the parent's cancel and change links, as the API and as the pages the links open. Bookings count against the same per-address limit as the enquiry
 * forms (one namespace in the database), so a bot gains nothing by switching between them.
 */
export const bookingRoutes: FeaturePlugin<{
  service: BookingsService;
  waitingList: WaitingList;
  attribute: Attribute;
  pages: PageRenderer;
}> = async (app, { config, database, clock, service, waitingList, attribute, pages }) => {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: perAddress,
    store: databaseRateLimitStore(database.db, database.writes, 'enquiry', clock),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests from your connection. Please try again in ${context.after}, or call us.`,
      ),
  });
  const limitPerAddress = app.rateLimit({ max: config.enquiryRateLimit, timeWindow: '15 minutes' });
  const limits = { bodyLimit, onRequest: limitPerAddress };

  // The waiting list (issue 51), under the same per-address limit.
  await app.register(waitingListRoutes, { config, database, clock, waitingList, service, bodyLimit, limitPerAddress });

  // The pages the mail's cancel and change links open, posting without script (issue 41).
  await app.register(linkPageRoutes, { service, pages, publicUrl: config.publicUrl, bodyLimit, limitPerAddress });

  // The waiting list's pages: joining, and the claim link's page (issue 51), posting without script.
  await app.register(waitingListPageRoutes, {
    waitingList,
    service,
    pages,
    clock,
    publicUrl: config.publicUrl,
    bodyLimit,
    limitPerAddress,
  });

  app.get(
    '/api/bookings/times',
    { schema: { response: answers({ 200: offeredTimesSchema }) } },
    async (_request, reply) => {
      const { lengthMinutes, days } = await service.offered();
      // Times fill up: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { timeZone: londonTimeZone, lengthMinutes, days } satisfies OfferedTimes;
    },
  );

  app.post(
    '/api/bookings',
    {
      ...limits,
      schema: { body: bookingSchema, response: answers({ 201: bookedTimeSchema, 409: bookingConflictSchema }) },
    },
    async (request, reply) => {
      const { startsAt } = request.body;
      if (caughtByHoneypot(request.body)) {
        request.log.info({ form: 'booking' }, 'booking dropped: honeypot field filled in');
        // Answered like a booking, so a bot learns nothing; nothing is stored or held.
        const echo: BookedTime = {
          startsAt,
          endsAt: startsAt,
          date: startsAt.slice(0, 10),
          time: startsAt.slice(11, 16),
        };
        return reply.code(201).send(echo);
      }
      const outcome = await service.book(request.body, request.ip);
      if (outcome.kind === 'already-booked') {
        return reply.code(409).send({ error: outcome.message, code: 'ALREADY_BOOKED' });
      }
      if (outcome.kind === 'not-offered') {
        throw badRequest('That time is not offered. Please choose one of the times shown.', 'startsAt');
      }
      if (outcome.kind === 'taken') {
        return reply
          .code(409)
          .send({ error: timeTakenMessage, code: 'TIME_TAKEN', nearest: outcome.nearest } satisfies TimeTaken);
      }
      await attribute(request, outcome.enquiryId);
      return reply.code(201).send(outcome.booked);
    },
  );

  /** The answers both links share when the link cannot be used. */
  const linkRefused = (outcome: { kind: 'unknown' | 'already-cancelled' | 'passed' }, link: 'cancel' | 'change') => {
    if (outcome.kind === 'unknown') {
      return notFound(
        `This ${link} link is not recognised. Please use the ${link} link in your confirmation e-mail, or call us.`,
      );
    }
    if (outcome.kind === 'already-cancelled') {
      return new AppError(410, 'ALREADY_CANCELLED', 'This assessment has already been cancelled.');
    }
    return new AppError(410, 'LINK_EXPIRED', 'The time of this assessment has passed, so the link no longer works.');
  };

  app.post(
    '/api/bookings/change',
    {
      ...limits,
      schema: { body: bookingChangeSchema, response: answers({ 200: bookedTimeSchema, 409: bookingConflictSchema }) },
    },
    async (request, reply) => {
      const outcome: ChangeOutcome = await service.change(request.body.token, request.body.startsAt);
      switch (outcome.kind) {
        case 'booked':
          return reply.code(200).send(outcome.booked);
        case 'taken':
          return reply
            .code(409)
            .send({ error: timeTakenMessage, code: 'TIME_TAKEN', nearest: outcome.nearest } satisfies TimeTaken);
        case 'not-offered':
          throw badRequest('That time is not offered. Please choose one of the times shown.', 'startsAt');
        case 'call-us':
          throw callUs(outcome);
        default:
          throw linkRefused(outcome, 'change');
      }
    },
  );

  app.post(
    '/api/bookings/cancel',
    { ...limits, schema: { body: bookingTokenSchema, response: answers({ 200: cancelledBookingSchema }) } },
    async (request) => {
      const outcome = await service.cancel(request.body.token);
      switch (outcome.kind) {
        case 'cancelled':
          return { startsAt: outcome.startsAt, status: 'cancelled' } satisfies CancelledBooking;
        case 'call-us':
          throw callUs(outcome);
        default:
          throw linkRefused(outcome, 'cancel');
      }
    },
  );
};
