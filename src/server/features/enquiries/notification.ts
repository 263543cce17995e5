import type { OutgoingEmail } from '../../mail/outbox';
import type { NewEnquiry } from './repo';

// Header values come from visitors: no line breaks, bounded length.
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 150);

/** The plain-text e-mail staff receive for a new enquiry (plain text: nothing in it can run). */
export function notificationFor(id: number, submission: NewEnquiry, recipient: string): OutgoingEmail {
  const name = `${submission.firstName} ${submission.lastName}`;
  const kind = submission.submissionType === 'assessment' ? 'Assessment request' : 'Contact message';
  const subject = oneLine(`${kind} from ${name}${submission.emailTitle ? `: ${submission.emailTitle}` : ''}`);
  const lines: [string, string | undefined][] = [
    ['Name', name],
    ['E-mail', submission.email],
    ['Telephone', submission.telephone],
    ['Mobile', submission.mobile],
    ['Subject', submission.emailTitle],
    ['Year group', submission.yearGroup],
    ['Notes', submission.notes],
    ['Message', submission.message],
  ];
  const body = [
    `${kind} #${id}, received ${submission.submittedAt}.`,
    '',
    ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    '',
    'Reply to this e-mail to answer the enquirer, and mark it reviewed in the admin inbox.',
  ].join('\n');
  return { submissionId: id, recipient, replyTo: submission.email, subject, body };
}
