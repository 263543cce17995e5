import { recordTimeInWords, ukTimeNote } from '../../../shared/time-words';
import type { OutgoingEmail } from '../../mail/outbox';
import type { NewEnquiry } from './repo';

// What counts as a line break to some mail program: CR, LF, and the rarer ones.
const lineBreaks = /[\n\v\f\r\u0085\u2028\u2029]+/g;
// One-line fields come from visitors: a break they type must not start a line of its own
// ("Bcc: …" as a line of text looks like a header to staff).
const flat = (text: string) => text.replace(lineBreaks, ' ').replace(/\t/g, ' ');
// Header values: one line, bounded length.
const oneLine = (text: string) => flat(text).slice(0, 150);
// Long answers keep their lines, indented under their label, so none reads as a field of its own.
const indented = (text: string) => text.split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/).join('\n  ');

/** Where the inbox shows one enquiry's card: the admin opens at it (publicUrl has no trailing slash). */
/** The link to an enquiry's card in the inbox; `query` says where the link was (a nudge's). */
export const enquiryAdminLink = (publicUrl: string, id: number, query?: string) =>
  `${publicUrl}/admin${query ? `?${query}` : ''}#enquiry-${id}`;

/**
 * The plain-text e-mail staff receive for a new enquiry (plain text: nothing in it can run): when
 * it came on the office's clock, in words, and a link to its card in the admin.
 */
export function notificationFor(id: number, enquiry: NewEnquiry, recipient: string, publicUrl: string): OutgoingEmail {
  const name = `${enquiry.firstName} ${enquiry.lastName}`;
  const kind = enquiry.submissionType === 'assessment' ? 'Assessment request' : 'Contact message';
  const subject = oneLine(`${kind} from ${name}${enquiry.emailTitle ? `: ${enquiry.emailTitle}` : ''}`);
  const single = (value: string | undefined) => value && flat(value);
  const several = (value: string | undefined) => value && indented(value);
  const lines: [string, string | undefined][] = [
    ['Name', flat(name)],
    ['E-mail', single(enquiry.email)],
    ['Telephone', single(enquiry.telephone)],
    ['Mobile', single(enquiry.mobile)],
    ['Subject', single(enquiry.emailTitle)],
    ['Year group', single(enquiry.yearGroup)],
    ['Notes', several(enquiry.notes)],
    ['Message', several(enquiry.message)],
  ];
  const body = [
    `${kind} #${id}, received ${recordTimeInWords(enquiry.submittedAt)} ${ukTimeNote}.`,
    '',
    ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    '',
    `Open it in the admin: ${enquiryAdminLink(publicUrl, id)}`,
    '',
    'Reply to this e-mail to answer the enquirer, then move it to Contacted in the admin inbox.',
  ].join('\n');
  return { submissionId: id, recipient, replyTo: enquiry.email, subject, body };
}
