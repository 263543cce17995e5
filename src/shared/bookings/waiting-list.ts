// zod/mini, like the booking form: the waiting list's form is the booking page's.
import * as z from 'zod/mini';
import { assessmentSchema } from '../enquiries/schemas';
import { dayInWords } from '../time-words';

/** A London date as the days list gives it ('2026-12-01'). */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z.string(message).check(
    z.regex(dayPattern, message),
    z.refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) &&
        new Date(`${value}T12:00:00Z`).toISOString().startsWith(value),
      message,
    ),
  );

/**
 * Joining the waiting list (issue 51): the booking form's details, without a time, and the days
 * the family could come (`from` to `to`, both included, in the bookable window). Those days are
 * checked against the window and today by the server, which knows them.
 */
export const waitingListSchema = z
  .extend(assessmentSchema, {
    from: day('Choose the first day you could come'),
    to: day('Choose the last day you could come'),
  })
  .check(
    z.refine((entry) => entry.from <= entry.to, {
      path: ['to'],
      message: 'The last day must be on or after the first',
    }),
  );
export type WaitingListInput = z.output<typeof waitingListSchema>;

/** A claim link's token, with the time picked, as its page posts it. */
export const waitingClaimSchema = z.object({
  token: z
    .string('This link is not complete')
    .check(z.minLength(1, 'This link is not complete'), z.maxLength(200, 'This link is not complete')),
  startsAt: z
    .string('Please choose a time')
    .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'Please choose a time')),
});

/** The days a family waits for, in words: 'Tuesday 1 December to Friday 4 December' (one day: just it). */
export const periodInWords = (from: string, to: string) =>
  from === to ? dayInWords(from) : `${dayInWords(from)} to ${dayInWords(to)}`;

/** What the parent reads on the way (API answers and pages alike). */
export const waitingListMessages = {
  joined: (from: string, to: string) =>
    `You are on the waiting list for ${periodInWords(from, to)}. We will e-mail you as soon as a time comes free: the first family to book it gets it.`,
  timesFree: 'There are free times on those days: please choose one of them instead.',
  outsideWindow: (last: string) =>
    `Choose days from today to ${dayInWords(last)}, the furthest ahead we take bookings.`,
  unknownClaim: 'This link is not recognised. Please use the link in our latest e-mail, or call us.',
  claimEnded: 'This waiting-list place has ended: its days have passed or a time was booked with it.',
  notInPeriod: 'That time is not one of the days you asked for. Please choose one of the times shown.',
} as const;
