import { periodInWords } from '../../../shared/bookings/waiting-list';
import { paths } from '../../../shared/routes';
import type { SiteDetails } from '../../../shared/site-facts/site-facts';
import { type OutgoingEmail, secretMarker } from '../../mail/outbox';

/** One line of a name, as a greeting needs it. */
const firstNameOf = (name: string) => name.replace(/[\n\v\f\r\u0085\u2028\u2029\t]+/g, ' ').slice(0, 80);

/** The parent's confirmation of joining the waiting list (issue 51): the days, and what happens next. */
export function waitingListJoined(
  entry: { enquiryId: number; firstName: string; email: string; from: string; to: string },
  context: { details: SiteDetails; officeEmail: string },
): OutgoingEmail {
  const { details } = context;
  const period = periodInWords(entry.from, entry.to);
  return {
    kind: 'waiting-list',
    submissionId: entry.enquiryId,
    recipient: entry.email.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `You are on the waiting list - ${details.name}`,
    body: [
      `Hello ${firstNameOf(entry.firstName)},`,
      '',
      `You are on our waiting list for a free assessment on ${period}.`,
      'As soon as a time comes free on those days we will e-mail you a link to book it. The first family to book a freed time gets it, so do book as soon as you can.',
      '',
      `If your plans change, reply to this e-mail or call us on ${details.phone}.`,
      '',
      details.name,
    ].join('\n'),
  };
}

/**
 * A time has come free in the family's days (issue 51): the claim link, its token sealed until sent
 * (decision 0071, "Link tokens in the outbox"). Queue it with the secrets box.
 */
export function waitingListOffer(
  entry: { enquiryId: number; firstName: string; email: string; from: string; to: string },
  token: string,
  context: { details: SiteDetails; officeEmail: string; publicUrl: string },
): OutgoingEmail {
  const { details } = context;
  return {
    kind: 'waiting-list',
    submissionId: entry.enquiryId,
    recipient: entry.email.toLowerCase(),
    replyTo: context.officeEmail,
    subject: `A free assessment time has come free - ${details.name}`,
    body: [
      `Hello ${firstNameOf(entry.firstName)},`,
      '',
      `A time has come free on ${periodInWords(entry.from, entry.to)}, the days you asked for.`,
      'Choose it here; you will not need to fill in your details again:',
      `${context.publicUrl}${paths.freeAssessmentWaiting}?token=${secretMarker('claim')}`,
      '',
      'Other families on the waiting list have been told too, and the first to book gets the time. If it has gone, the page shows what is still free.',
      '',
      `Or reply to this e-mail, or call us on ${details.phone}.`,
      '',
      details.name,
    ].join('\n'),
    secrets: { claim: token },
  };
}
