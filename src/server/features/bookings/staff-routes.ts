import * as zm from 'zod/mini';
import {
  type AttendanceConflict,
  attendanceChangedMessage,
  attendanceConflictSchema,
  attendanceMarkSchema,
  attendanceRefusals,
  anotherTimeSentMessage,
} from '../../../shared/bookings/attendance';
import { timeTakenMessage, type TimeTaken } from '../../../shared/bookings/bookings';
import { offeredTimesSchema, timeTakenSchema } from '../../../shared/bookings/responses';
import { startsAt } from '../../../shared/bookings/schemas';
import {
  blockedTimeSchema,
  bookingRefusals,
  staffBookingSchema,
  staffBookingsQuerySchema,
  staffBookingsViewSchema,
} from '../../../shared/bookings/staff';
import { londonTimeZone } from '../../../shared/london-time';
import { recordTimeInWords } from '../../../shared/time-words';
import type { FeaturePlugin } from '../../context';
import { actingFor } from '../../auth/principal';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { answers, noContent } from '../../responses';
import { idParams } from '../../validation';
import type { RecordAccess } from '../access-log';
import type { StaffBookings } from './staff-service';

const bookingIdParams = idParams((raw) => `There is no booking ${raw}.`);
const blockIdParams = idParams((raw) => `There is no blocked time ${raw}.`);
const timeBody = zm.strictObject({ startsAt });

/** The refusals a move and a cancellation share: gone, cancelled, or started. */
function refused(outcome: { kind: 'unknown' | 'already-cancelled' | 'passed' }, id: number) {
  if (outcome.kind === 'unknown') return notFound(`There is no booking ${id}.`);
  if (outcome.kind === 'already-cancelled') return new AppError(410, 'ALREADY_CANCELLED', bookingRefusals.cancelled);
  return new AppError(410, 'TIME_PASSED', bookingRefusals.passed);
}

/**
 * Staff run the bookings (issue 41 part 5, decision 0073): the "Upcoming assessments" day and week
 * views, moving and cancelling a booking, blocking and unblocking a time. The inbox's role runs
 * them (decision 0058; owners may use everything), and each action is in the access log.
 */
export const staffBookingRoutes: FeaturePlugin<{ staff: StaffBookings; record: RecordAccess }> = async (
  app,
  { staff, record },
) => {
  const admin = { role: 'enquiries' } as const;

  app.get(
    '/api/admin/bookings',
    {
      config: admin,
      schema: { querystring: staffBookingsQuerySchema, response: answers({ 200: staffBookingsViewSchema }) },
    },
    async (request, reply) => {
      const view = await staff.view(request.query.from, request.query.view);
      const shown = view.days.flatMap((day) => day.bookings.map((booking) => booking.enquiryId));
      await record(request, { action: 'booking.list', shownEnquiries: shown });
      reply.header('cache-control', 'no-store');
      return view;
    },
  );

  app.get(
    '/api/admin/bookings/:id/times',
    { config: admin, schema: { params: bookingIdParams, response: answers({ 200: offeredTimesSchema }) } },
    async (request, reply) => {
      const outcome = await staff.timesFor(request.params.id);
      if (outcome.kind !== 'times') throw refused(outcome, request.params.id);
      reply.header('cache-control', 'no-store');
      return { timeZone: londonTimeZone, lengthMinutes: outcome.lengthMinutes, days: outcome.days };
    },
  );

  app.post(
    '/api/admin/bookings/:id/move',
    {
      config: admin,
      schema: {
        params: bookingIdParams,
        body: timeBody,
        response: answers({ 200: staffBookingSchema, 409: timeTakenSchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await staff.move(id, request.body.startsAt, actingFor(request));
      switch (outcome.kind) {
        case 'moved':
          if (outcome.changed) {
            await record(request, {
              action: 'booking.move',
              target: { kind: 'enquiry', id: outcome.booking.enquiryId },
            });
          }
          return outcome.booking;
        case 'taken':
          return reply
            .code(409)
            .send({ error: timeTakenMessage, code: 'TIME_TAKEN', nearest: outcome.nearest } satisfies TimeTaken);
        case 'not-offered':
          throw badRequest(bookingRefusals.notOffered, 'startsAt');
        default:
          throw refused(outcome, id);
      }
    },
  );

  app.post(
    '/api/admin/bookings/:id/cancel',
    { config: admin, schema: { params: bookingIdParams, response: answers({ 200: staffBookingSchema }) } },
    async (request) => {
      const { id } = request.params;
      const outcome = await staff.cancel(id);
      if (outcome.kind !== 'cancelled') throw refused(outcome, id);
      if (outcome.changed) {
        await record(request, { action: 'booking.cancel', target: { kind: 'enquiry', id: outcome.booking.enquiryId } });
      }
      return outcome.booking;
    },
  );

  app.post(
    '/api/admin/bookings/:id/attendance',
    {
      config: admin,
      schema: {
        params: bookingIdParams,
        body: attendanceMarkSchema,
        response: answers({ 200: staffBookingSchema, 409: attendanceConflictSchema }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await staff.markAttendance(id, request.body, actingFor(request));
      switch (outcome.kind) {
        case 'marked':
          await record(request, {
            action: 'booking.attendance',
            target: { kind: 'enquiry', id: outcome.booking.enquiryId },
          });
          return outcome.booking;
        case 'changed':
          return reply.code(409).send({
            error: attendanceChangedMessage(outcome.current),
            code: 'ATTENDANCE_CHANGED',
            field: 'from',
            attendance: outcome.current,
          } satisfies AttendanceConflict);
        case 'not-yet':
          throw new AppError(409, 'NOT_YET', attendanceRefusals.notYet);
        case 'binned': {
          const by = outcome.by ? ` by ${outcome.by}` : '';
          throw conflict(
            `This enquiry was moved to the Bin${by} at ${recordTimeInWords(outcome.at)}: nothing was marked.`,
          );
        }
        default:
          throw refused(outcome, id);
      }
    },
  );

  // A family that missed its assessment, offered another time once, when staff choose (issue 51).
  app.post(
    '/api/admin/bookings/:id/another-time',
    { config: admin, schema: { params: bookingIdParams, response: answers({ 200: staffBookingSchema }) } },
    async (request) => {
      const { id } = request.params;
      const outcome = await staff.offerAnotherTime(id, actingFor(request));
      switch (outcome.kind) {
        case 'sent':
          await record(request, {
            action: 'booking.another-time',
            target: { kind: 'enquiry', id: outcome.booking.enquiryId },
          });
          return outcome.booking;
        case 'unknown':
          throw notFound(`There is no booking ${id}.`);
        case 'not-no-show':
          throw new AppError(409, 'NOT_NO_SHOW', attendanceRefusals.notNoShow);
        case 'mail-off':
          throw new AppError(409, 'MAIL_OFF', 'E-mail is off on this server, so nothing can be sent.');
        case 'sent-already':
          throw conflict(anotherTimeSentMessage(outcome.by, recordTimeInWords(outcome.at)));
        case 'binned': {
          const by = outcome.by ? ` by ${outcome.by}` : '';
          throw conflict(
            `This enquiry was moved to the Bin${by} at ${recordTimeInWords(outcome.at)}: nothing was sent.`,
          );
        }
      }
    },
  );

  app.post(
    '/api/admin/bookings/blocks',
    { config: admin, schema: { body: timeBody, response: answers({ 201: blockedTimeSchema }) } },
    async (request, reply) => {
      const blocked = await staff.block(request.body.startsAt, actingFor(request));
      if (!blocked) throw badRequest(bookingRefusals.notBlockable, 'startsAt');
      await record(request, { action: 'booking.block', target: { kind: 'booking-time', id: blocked.startsAt } });
      return reply.code(201).send(blocked);
    },
  );

  app.delete(
    '/api/admin/bookings/blocks/:id',
    { config: admin, schema: { params: blockIdParams, response: answers({ 204: noContent }) } },
    async (request, reply) => {
      const startsAtFreed = await staff.unblock(request.params.id);
      if (!startsAtFreed) throw notFound(`There is no blocked time ${request.params.id}.`);
      await record(request, { action: 'booking.unblock', target: { kind: 'booking-time', id: startsAtFreed } });
      return reply.code(204).send();
    },
  );
};
