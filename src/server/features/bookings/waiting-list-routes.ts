import type { onRequestHookHandler } from 'fastify';
import {
  bookedTimeSchema,
  bookingConflictSchema,
  timesFreeSchema,
  waitingListJoinedSchema,
} from '../../../shared/bookings/responses';
import { waitingClaimSchema, waitingListMessages, waitingListSchema } from '../../../shared/bookings/waiting-list';
import { type TimeTaken, timeTakenMessage } from '../../../shared/bookings/bookings';
import { caughtByHoneypot } from '../../../shared/enquiries/honeypot';
import type { FeaturePlugin } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { answers } from '../../responses';
import type { BookingsService } from './service';
import type { WaitingList } from './waiting-list';

/**
 * Joining the waiting list (issue 51) through the API: counted against the same per-address limit
 * as the forms and bookings (`limitPerAddress`), a filled-in honeypot answered as joined with
 * nothing stored, days outside the bookable window refused naming the field, days with free times
 * answered 409 with those times.
 */
export const waitingListRoutes: FeaturePlugin<{
  waitingList: WaitingList;
  service: BookingsService;
  bodyLimit: number;
  limitPerAddress: onRequestHookHandler;
}> = async (app, { waitingList, service, bodyLimit, limitPerAddress }) => {
  app.post(
    '/api/bookings/waiting-list',
    {
      bodyLimit,
      onRequest: limitPerAddress,
      schema: { body: waitingListSchema, response: answers({ 201: waitingListJoinedSchema, 409: timesFreeSchema }) },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      const joined = { message: waitingListMessages.joined(from, to) };
      if (caughtByHoneypot(request.body)) {
        request.log.info({ form: 'waiting-list' }, 'waiting list entry dropped: honeypot field filled in');
        return reply.code(201).send(joined);
      }
      const outcome = await waitingList.join(request.body);
      if (outcome.kind === 'outside-window') {
        throw badRequest(waitingListMessages.outsideWindow(outcome.last), outcome.field);
      }
      if (outcome.kind === 'times-free') {
        return reply.code(409).send({ error: waitingListMessages.timesFree, code: 'TIMES_FREE', days: outcome.days });
      }
      return reply.code(201).send(joined);
    },
  );

  // A time came free in the family's days: booked by the claim link, with the details given once.
  app.post(
    '/api/bookings/waiting-list/claim',
    {
      bodyLimit,
      onRequest: limitPerAddress,
      schema: { body: waitingClaimSchema, response: answers({ 201: bookedTimeSchema, 409: bookingConflictSchema }) },
    },
    async (request, reply) => {
      const entry = await waitingList.entryOf(request.body.token);
      if (!entry) throw notFound(waitingListMessages.unknownClaim);
      const outcome = await service.claim(entry, request.body.startsAt);
      switch (outcome.kind) {
        case 'booked':
          return reply.code(201).send(outcome.booked);
        case 'taken':
          return reply
            .code(409)
            .send({ error: timeTakenMessage, code: 'TIME_TAKEN', nearest: outcome.nearest } satisfies TimeTaken);
        case 'already-booked':
          return reply.code(409).send({ error: outcome.message, code: 'ALREADY_BOOKED' });
        case 'claim-ended':
          throw new AppError(410, 'CLAIM_ENDED', waitingListMessages.claimEnded);
        case 'not-in-period':
          throw badRequest(waitingListMessages.notInPeriod, 'startsAt');
        case 'not-offered':
          throw badRequest('That time is not offered. Please choose one of the times shown.', 'startsAt');
      }
    },
  );
};
