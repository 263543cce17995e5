import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookedAddress, type PostedBooking, pickAnotherField } from '../../../shared/bookings/page-choice';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { bookingSchema, type BookingInput } from '../../../shared/bookings/schemas';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { utcToLondonLocal } from '../../../shared/london-time';
import { honeypotField } from '../../../shared/enquiries/honeypot';
import { paths } from '../../../shared/routes';
import type { PageRenderer } from '../../rendering/pages';
import type { Attribute } from '../analytics';
import { firstMessages, keptValues } from './form-body';

/**
 * Books a time for the booking posted on /free-assessment: the bookings feature's own booking
 * (handed in by features/index.ts; a booking is an enquiry with a time, decision 0071), with the
 * client's address the bookings' limits count (issue 51).
 */
export type BookOnPage = (
  input: BookingInput,
  from: string,
) => Promise<
  | { kind: 'booked'; enquiryId: number; booked: { startsAt: string } }
  | { kind: 'taken'; nearest: OfferedTime[] }
  | { kind: 'not-offered' }
  | { kind: 'already-booked'; message: string }
>;

/**
 * A body of the booking part on /free-assessment: a booking carries the time picked (`startsAt`),
 * a nearest time chosen after a 409 carries `pickAnother`; the request form's carries neither.
 */
export const isBookingBody = (body: unknown): body is Record<string, string> =>
  typeof body === 'object' &&
  body !== null &&
  (Object.hasOwn(body, 'startsAt') || Object.hasOwn(body, pickAnotherField));

/** A nearest time chosen after a 409, and no booking: a body with a time to book is a booking. */
export const isPickAnotherBody = (body: unknown): body is Record<string, string> =>
  isBookingBody(body) && !Object.hasOwn(body, 'startsAt');

/** The time a booking part's body names: the one to book, else the one picked instead. */
const timeOf = (body: Record<string, string>) =>
  Object.hasOwn(body, 'startsAt') ? body.startsAt : body[pickAnotherField];

/** The booking's fields a page puts back: the details (the time travels in the address). */
const detailFields = Object.keys(bookingSchema.shape).filter(
  (field) => field !== honeypotField && field !== 'emailTitle' && field !== 'startsAt',
);

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant as the page writes one ('2026-12-01T16:00:00.000Z'): anchored, so linear in its length. */
const isReadableInstant = (value: unknown): value is string =>
  typeof value === 'string' && instant.test(value) && !Number.isNaN(Date.parse(value));

/** A real instant, exactly as the page writes one: 2026-02-31 is not 3 March. */
const isExactInstant = (value: unknown): value is string =>
  isReadableInstant(value) && new Date(value).toISOString() === value;

/** A nearest time's value that is none (made by hand): the days again, with this. */
const unreadableTime = 'We could not read the time you chose. Please choose a day below.';

/**
 * The step a booking's answer is drawn at: the details form of the time it named, when that is a
 * readable instant (the page says whether it is still offered), else the days.
 */
function stepOf(startsAt: unknown): string {
  if (!isReadableInstant(startsAt)) return paths.freeAssessment;
  const [day, time] = utcToLondonLocal(startsAt).split('T');
  return `${paths.freeAssessment}?day=${day}&time=${time}`;
}

/**
 * A booking the browser posted without script (decision 0072, as the enquiry forms' 0062): valid
 * and free, `303` to the answer, whose address names the time and no one; the time just taken,
 * `409` and the page with the message and the nearest free times, each a button posting the
 * details typed; not valid or not offered, `400` and the details form again with the messages and
 * the values kept. One of those nearest times pressed: `200` and its details form, the values kept.
 */
export async function answerBookingPost(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, string>,
  {
    book,
    pages,
    attribute,
    dropSpam,
  }: {
    book: BookOnPage;
    pages: PageRenderer;
    attribute: Attribute;
    dropSpam: (request: FastifyRequest, form: string) => boolean;
  },
) {
  const values = keptValues(body, detailFields);
  const again = (status: number, posted: PostedBooking, url = stepOf(timeOf(body))) =>
    pages.sendPostedForm(request, reply, status, posted, { url, posted });
  if (isPickAnotherBody(body)) {
    // Another time chosen after a 409, the details kept (WCAG 3.3.7): its details form with the
    // values typed, in the body, never in the address. Nothing is booked, stored or sent, so the
    // honeypot changes nothing here (the nearest times' form never carries it). A time no longer
    // offered is said by the page itself, with that day's times.
    if (!isExactInstant(body[pickAnotherField])) {
      return again(400, { values, errors: {}, notice: unreadableTime }, paths.freeAssessment);
    }
    return again(200, { values, errors: {} });
  }
  const result = bookingSchema.safeParse(body);
  if (!result.success) {
    const errors = firstMessages(result.error.issues);
    const { startsAt, ...fieldErrors } = errors;
    return again(400, { values, errors: fieldErrors, ...(startsAt && { notice: startsAt }) });
  }
  // Filled in: answered as booked, and nothing stored or held (decision 0054).
  if (dropSpam(request, 'booking')) return reply.redirect(bookedAddress(result.data.startsAt), 303);
  const outcome = await book(result.data, request.ip);
  if (outcome.kind === 'already-booked') {
    // The family's cap (issue 51): the details stay, with the message at the top of the form.
    return again(409, { values, errors: {}, notice: outcome.message });
  }
  if (outcome.kind === 'not-offered') {
    const notice = 'That time is not offered. Please choose one of the times shown.';
    return again(400, { values, errors: {}, notice }, paths.freeAssessment);
  }
  if (outcome.kind === 'taken') {
    return again(409, { values, errors: {}, notice: timeTakenMessage, nearest: outcome.nearest }, paths.freeAssessment);
  }
  await attribute(request, outcome.enquiryId);
  return reply.redirect(bookedAddress(outcome.booked.startsAt), 303);
}

/** The page again with one message about the whole booking (too many, another site, the database away). */
export function bookingRefused(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: PageRenderer,
  status: number,
  body: Record<string, string>,
  notice: string,
) {
  // Only what this site's own form sent goes back into it: never another site's values.
  const values = status === 403 ? {} : keptValues(body, detailFields);
  const posted = { values, errors: {}, notice };
  return pages.sendPostedForm(request, reply, status, posted, { url: stepOf(timeOf(body)), posted });
}
