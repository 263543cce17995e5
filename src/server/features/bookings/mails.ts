import { hoursInWords } from '../../../shared/bookings/link-pages';
import { timeInWords, ukTimeInWords } from '../../../shared/time-words';
import type { SiteDetails } from '../../../shared/site-facts/site-facts';
import { type Appointment, appointmentMessage } from '../../calendar/ics';
import { type OutgoingEmail, secretMarker } from '../../mail/outbox';
import type { BookingRow } from './repo';

/** The centre's address on one line: the event's LOCATION. */
const addressLine = ({ address }: Pick<SiteDetails, 'address'>) =>
  `${address.street}, ${address.locality} ${address.postcode}`;

/** A letter to the parent: the greeting, its paragraphs a blank line apart, the centre's name. */
const letter = ({ name }: Pick<SiteDetails, 'name'>, ...paragraphs: string[][]) =>
  ['Hello,', ...paragraphs.flatMap((paragraph) => ['', ...paragraph]), '', name].join('\n');

/**
 * Where the parent's two links lead: each page posts its token back. The stored mail names each
 * token by a marker, and the tokens travel beside it sealed, put in only as it is sent and then
 * forgotten (decision 0071, "Link tokens in the outbox").
 */
export const bookingLinks = (publicUrl: string, tokens: { cancel: string; change: string }) => ({
  cancel: `${publicUrl}/free-assessment/cancel?token=${secretMarker('cancel')}`,
  change: `${publicUrl}/free-assessment/change?token=${secretMarker('change')}`,
  tokens,
});
export type BookingLinks = ReturnType<typeof bookingLinks>;

/**
 * The calendar event's DESCRIPTION: the centre, its phone and where to change or cancel. Never
 * the links: a calendar is shared, synced and kept for years, and the links are the e-mail's.
 */
const calendarNote = ({ name, phone }: Pick<SiteDetails, 'name' | 'phone'>, what: string, cancelled = false) =>
  cancelled
    ? `${what} To book another time, call ${name} on ${phone}.`
    : `${what} To change the time or cancel, use the link in your confirmation e-mail from ${name}, or call ${phone}.`;

export interface BookingMailContext {
  details: Pick<SiteDetails, 'name' | 'phone' | 'address'>;
  officeEmail: string;
  now: Date;
  /** The cut-off before the time (issue 51): how long before it the links stop; 0 or absent, at the time itself. */
  cutoffHours?: number;
}

/** Until when the parent's links act, before `what` ("the assessment"): the cut-off's hours before it, or the time itself. */
const linksUntil = ({ cutoffHours = 0 }: BookingMailContext, what: string) =>
  cutoffHours > 0 ? `until ${hoursInWords(cutoffHours)} before ${what}` : `until ${what}`;

/**
 * The calendar event as the parent's calendar keeps it. The attendee is named by the address
 * alone: like the enquiry's confirmation (decision 0032), nothing the sender typed is mailed back.
 */
function appointment(
  booking: Pick<BookingRow, 'uid' | 'sequence' | 'startsAt' | 'endsAt'>,
  parentEmail: string,
  description: string,
  { details, officeEmail, now }: BookingMailContext,
): Appointment {
  return {
    uid: booking.uid,
    sequence: booking.sequence,
    stamp: now,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: `Free assessment at ${details.name}`,
    location: addressLine(details),
    description,
    organizer: { name: details.name, email: officeEmail },
    attendee: { name: parentEmail, email: parentEmail },
  };
}

/**
 * The parent's confirmation: the time in UK time, the address, both links (in the text alone),
 * and the invitation (METHOD:REQUEST). Queue it with the secrets box: its tokens are `secrets`.
 */
export function bookingConfirmation(
  booking: Pick<BookingRow, 'enquiryId' | 'uid' | 'sequence' | 'startsAt' | 'endsAt'>,
  parentEmail: string,
  links: BookingLinks,
  context: BookingMailContext,
): OutgoingEmail {
  const { details } = context;
  const when = ukTimeInWords(booking.startsAt);
  const body = letter(
    details,
    [`Your free assessment at ${details.name} is booked for ${when}.`],
    [`Where: ${addressLine(details)}`],
    ['The invitation attached adds it to your calendar.'],
    [
      `To change the time: ${links.change}`,
      `To cancel: ${links.cancel}`,
      context.cutoffHours
        ? `Both links work ${linksUntil(context, 'the assessment')}; after that, please call ${details.phone}.`
        : 'Both links work until the time of the assessment.',
    ],
    [`If you have a question, reply to this e-mail or call ${details.phone}.`],
  );
  const description = calendarNote(details, `Free assessment at ${details.name}, booked for ${when}.`);
  return {
    kind: 'booking-confirmation',
    submissionId: booking.enquiryId,
    recipient: parentEmail.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `Your free assessment: ${when} - ${details.name}`,
    body,
    secrets: links.tokens,
    calendar: {
      method: 'REQUEST',
      content: appointmentMessage('REQUEST', appointment(booking, parentEmail, description, context)),
    },
  };
}

/** The parent's cancellation: the same UID, the raised SEQUENCE, METHOD:CANCEL, so the event leaves their calendar. */
export function bookingCancellation(
  booking: BookingRow,
  parentEmail: string,
  context: BookingMailContext,
): OutgoingEmail {
  const { details } = context;
  const when = ukTimeInWords(booking.startsAt);
  const body = letter(
    details,
    [`Your free assessment at ${details.name} on ${when} is cancelled, and the time is free for someone else.`],
    ['The cancellation attached removes it from your calendar.'],
    [`To book another time, visit our website or call ${details.phone}.`],
  );
  return {
    kind: 'booking-cancellation',
    submissionId: booking.enquiryId,
    recipient: parentEmail.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `Cancelled: your free assessment on ${when} - ${details.name}`,
    body,
    calendar: {
      method: 'CANCEL',
      content: appointmentMessage(
        'CANCEL',
        appointment(
          booking,
          parentEmail,
          calendarNote(details, `Free assessment at ${details.name} on ${when}: cancelled.`, true),
          context,
        ),
      ),
    },
  };
}

/** A name on one line, as a mail's subject needs it, at most 150 characters. */
const oneLine = (text: string) => text.replace(/[\n\v\f\r\u0085\u2028\u2029\t]+/g, ' ').slice(0, 150);

/**
 * What changed a booking, for the office's note: the parent's cancellation or move, a move by a
 * member of staff (`by`, their name), or the enquiry moved to the Bin by one (issue 51).
 */
export type BookingChange =
  | { kind: 'cancelled' }
  | { kind: 'moved'; from: string; by?: string }
  | { kind: 'binned'; by: string }
  | { kind: 'from-waiting-list' };

function noticeWords(change: BookingChange, name: string, when: string): [subject: string, line: string] {
  if (change.kind === 'cancelled')
    return [
      `Assessment cancelled by ${name}: ${when}`,
      `${name} cancelled their free assessment on ${when}. The time is free again.`,
    ];
  if (change.kind === 'from-waiting-list')
    return [
      `Assessment booked from the waiting list: ${name}, ${when}`,
      `${name} booked ${when} from the waiting list, with the link we e-mailed when the time came free.`,
    ];
  if (change.kind === 'binned') {
    const by = oneLine(change.by);
    return [
      `Assessment cancelled: ${name}'s enquiry went to the Bin`,
      `${by} moved ${name}'s enquiry to the Bin, so their free assessment on ${when} was cancelled and the time is free again. ${name} has not been told. Restoring the enquiry does not bring the time back.`,
    ];
  }
  if (change.by) {
    const by = oneLine(change.by);
    return [
      `Assessment moved by ${by}: ${name}, now ${when}`,
      `${by} moved ${name}'s free assessment from ${timeInWords(change.from)} to ${when}. The old time is free again. ${name} has been sent the new time.`,
    ];
  }
  return [
    `Assessment moved by ${name} to ${when}`,
    `${name} moved their free assessment from ${timeInWords(change.from)} to ${when}. The old time is free again.`,
  ];
}

/** The office's note that a booking was cancelled or moved, by the parent or by staff: which enquiry, which time. */
export function officeNotice(
  change: BookingChange,
  booking: Pick<BookingRow, 'startsAt' | 'enquiryId'>,
  parent: { firstName: string; lastName: string; email: string },
  officeEmail: string,
  adminLink: string,
): OutgoingEmail {
  const name = oneLine(`${parent.firstName} ${parent.lastName}`);
  const [subject, line] = noticeWords(change, name, ukTimeInWords(booking.startsAt));
  return {
    kind: 'booking-notice',
    submissionId: booking.enquiryId,
    recipient: officeEmail,
    replyTo: parent.email,
    subject,
    body: [line, '', `Open the enquiry in the admin: ${adminLink}`].join('\n'),
  };
}

/** The parent's update after a change: the same UID, the raised SEQUENCE, METHOD:REQUEST at the new time. */
export function bookingUpdate(booking: BookingRow, parentEmail: string, context: BookingMailContext): OutgoingEmail {
  const { details } = context;
  const when = ukTimeInWords(booking.startsAt);
  const body = letter(
    details,
    [`Your free assessment at ${details.name} is now on ${when}.`],
    [`Where: ${addressLine(details)}`],
    [
      'The invitation attached moves it in your calendar.',
      `The change and cancel links in your first confirmation still work, ${linksUntil(context, 'the new time')}.`,
    ],
    [`If you have a question, reply to this e-mail or call ${details.phone}.`],
  );
  return {
    kind: 'booking-update',
    submissionId: booking.enquiryId,
    recipient: parentEmail.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `Changed: your free assessment is now on ${when} - ${details.name}`,
    body,
    calendar: {
      method: 'REQUEST',
      content: appointmentMessage(
        'REQUEST',
        appointment(
          booking,
          parentEmail,
          calendarNote(details, `Free assessment at ${details.name}, moved to ${when}.`),
          context,
        ),
      ),
    },
  };
}

/**
 * The parent's reminder, a day before: the time, the place, and how to cancel (the links are in the
 * confirmation only). Once the cut-off has passed those links no longer act, so it says to call.
 */
export function bookingReminder(
  booking: Pick<BookingRow, 'enquiryId' | 'startsAt'>,
  parentEmail: string,
  context: BookingMailContext,
): OutgoingEmail {
  const { details, officeEmail, now, cutoffHours = 0 } = context;
  const when = ukTimeInWords(booking.startsAt);
  const linksAct = now.getTime() < Date.parse(booking.startsAt) - cutoffHours * 3_600_000;
  const cancel = linksAct
    ? [
        `If you can no longer come, please use the cancel link in your confirmation e-mail (it works ${linksUntil(context, 'the assessment')}),`,
        `so the time is free for someone else, or call ${details.phone}.`,
      ]
    : [`If you can no longer come, please call ${details.phone}, so the time is free for someone else.`];
  return {
    kind: 'booking-reminder',
    submissionId: booking.enquiryId,
    recipient: parentEmail.toLowerCase(),
    replyTo: officeEmail,
    subject: `Reminder: your free assessment on ${when} - ${details.name}`,
    body: letter(
      details,
      [`A reminder: your free assessment at ${details.name} is on ${when}.`],
      [`Where: ${addressLine(details)}`],
      cancel,
    ),
  };
}

/**
 * The one "shall we find another time?" mail to a family that missed its assessment (issue 51),
 * sent when staff choose: gentle, no blame, the booking page's address to choose a new time, and
 * the office's phone. Its booking is over, so the family's cap on bookings to come does not stop it.
 */
export function anotherTimeMail(
  booking: BookingRow,
  parent: { firstName: string; email: string },
  context: { details: SiteDetails; officeEmail: string; bookingPage: string },
): OutgoingEmail {
  const { details } = context;
  const firstName = parent.firstName.replace(/[\n\v\f\r\u0085\u2028\u2029\t]+/g, ' ').slice(0, 80);
  const body = [
    `Hello ${firstName},`,
    '',
    `We were sorry to miss you at your free assessment on ${ukTimeInWords(booking.startsAt)}. These things happen.`,
    '',
    'Shall we find another time? You can choose one here:',
    context.bookingPage,
    '',
    `Or reply to this e-mail, or call us on ${details.phone}, and we will find one together.`,
    '',
    details.name,
  ].join('\n');
  return {
    kind: 'booking-rebook',
    submissionId: booking.enquiryId,
    recipient: parent.email.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `Shall we find another time? - ${details.name}`,
    body,
  };
}
