import { ukTime } from '../../../shared/london-time';
import type { SiteDetails } from '../../../shared/site-facts/site-facts';
import { type Appointment, appointmentMessage } from '../../calendar/ics';
import type { OutgoingEmail } from '../../mail/outbox';
import type { BookingRow } from './repo';

/** The centre's address on one line: the event's LOCATION. */
const addressLine = ({ address }: Pick<SiteDetails, 'address'>) =>
  `${address.street}, ${address.locality} ${address.postcode}`;

/** A letter to the parent: the greeting, its paragraphs a blank line apart, the centre's name. */
const letter = ({ name }: Pick<SiteDetails, 'name'>, ...paragraphs: string[][]) =>
  ['Hello,', ...paragraphs.flatMap((paragraph) => ['', ...paragraph]), '', name].join('\n');

/** Where the parent's two links lead: each page posts its token to the API. */
export const bookingLinks = (publicUrl: string, tokens: { cancel: string; change: string }) => ({
  cancel: `${publicUrl}/free-assessment/cancel?token=${tokens.cancel}`,
  change: `${publicUrl}/free-assessment/change?token=${tokens.change}`,
});

export interface BookingMailContext {
  details: Pick<SiteDetails, 'name' | 'phone' | 'address'>;
  officeEmail: string;
  now: Date;
}

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

/** The parent's confirmation: the time in UK time, the address, both links, and the invitation (METHOD:REQUEST). */
export function bookingConfirmation(
  booking: Pick<BookingRow, 'enquiryId' | 'uid' | 'sequence' | 'startsAt' | 'endsAt'>,
  parentEmail: string,
  links: { cancel: string; change: string },
  context: BookingMailContext,
): OutgoingEmail {
  const { details } = context;
  const when = ukTime(booking.startsAt);
  const body = letter(
    details,
    [`Your free assessment at ${details.name} is booked for ${when}.`],
    [`Where: ${addressLine(details)}`],
    ['The invitation attached adds it to your calendar.'],
    [
      `To change the time: ${links.change}`,
      `To cancel: ${links.cancel}`,
      'Both links work until the time of the assessment.',
    ],
    [`If you have a question, reply to this e-mail or call ${details.phone}.`],
  );
  const description = `Booked for ${when}. To change the time: ${links.change} To cancel: ${links.cancel}`;
  return {
    kind: 'booking-confirmation',
    submissionId: booking.enquiryId,
    recipient: parentEmail.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `Your free assessment: ${when} - ${details.name}`,
    body,
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
  const when = ukTime(booking.startsAt);
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
      content: appointmentMessage('CANCEL', appointment(booking, parentEmail, `Cancelled: ${when}.`, context)),
    },
  };
}

/** The office's note that a parent cancelled or moved their booking: which enquiry, which time. */
export function officeNotice(
  change: { kind: 'cancelled' } | { kind: 'moved'; from: string },
  booking: BookingRow,
  parent: { firstName: string; lastName: string; email: string },
  officeEmail: string,
  adminLink: string,
): OutgoingEmail {
  const name = `${parent.firstName} ${parent.lastName}`.replace(/[\n\v\f\r\u0085\u2028\u2029\t]+/g, ' ').slice(0, 150);
  const when = ukTime(booking.startsAt);
  const [subject, line] =
    change.kind === 'cancelled'
      ? [
          `Assessment cancelled by ${name}: ${when}`,
          `${name} cancelled their free assessment on ${when}. The time is free again.`,
        ]
      : [
          `Assessment moved by ${name} to ${when}`,
          `${name} moved their free assessment from ${ukTime(change.from)} to ${when}. The old time is free again.`,
        ];
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
  const when = ukTime(booking.startsAt);
  const body = letter(
    details,
    [`Your free assessment at ${details.name} is now on ${when}.`],
    [`Where: ${addressLine(details)}`],
    [
      'The invitation attached moves it in your calendar.',
      'The change and cancel links in your first confirmation still work, until the new time.',
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
      content: appointmentMessage('REQUEST', appointment(booking, parentEmail, `Moved to ${when}.`, context)),
    },
  };
}

/** The parent's reminder, a day before: the time, the place, and how to cancel (the links are in the confirmation only). */
export function bookingReminder(
  booking: Pick<BookingRow, 'enquiryId' | 'startsAt'>,
  parentEmail: string,
  { details, officeEmail }: BookingMailContext,
): OutgoingEmail {
  const when = ukTime(booking.startsAt);
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
      [
        'If you can no longer come, please use the cancel link in your confirmation e-mail,',
        `so the time is free for someone else, or call ${details.phone}.`,
      ],
    ),
  };
}
