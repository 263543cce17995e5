import type { Kysely } from 'kysely';
import { canonicalEmail } from '../../../shared/canonical-email';
import type { SiteDetails } from '../../../shared/site-facts/site-facts';
import type { DatabaseSchema } from '../../db/schema';
import type { OutgoingEmail } from '../../mail/outbox';
import type { NewEnquiry } from './repo';

/** One confirmation per address in this long: a form filled in with someone else's address cannot flood them. */
export const CONFIRMATION_GAP_MS = 24 * 60 * 60 * 1000;

/**
 * The parent's confirmation: fixed text from the centre, and nothing the sender typed, not even
 * their name (decision 0032). The address is not proven to be theirs, so anything echoed here
 * could be someone else's words mailed by us to a stranger. Replies go to the office. The centre's
 * name and phone are the site facts in use when the enquiry arrives.
 */
export function confirmationFor(
  id: number,
  submission: NewEnquiry,
  officeEmail: string,
  details: Pick<SiteDetails, 'name' | 'phone'>,
): OutgoingEmail & { recipientKey: string } {
  const what = submission.submissionType === 'assessment' ? 'request for an assessment' : 'message';
  const body = [
    'Hello,',
    '',
    `Thank you for contacting ${details.name}. We have received your ${what}.`,
    '',
    'What happens next: a member of our team will read it and get back to you soon, by e-mail or by',
    `telephone. If you would like to speak to us sooner, please call ${details.phone}.`,
    '',
    'You can reply to this e-mail to add anything to your enquiry.',
    '',
    'If you did not contact us, please ignore this e-mail: we will not write to you again about it.',
    '',
    details.name,
  ].join('\n');
  return {
    kind: 'parent-confirmation',
    submissionId: id,
    recipient: submission.email.toLowerCase(),
    // The limit below counts mailboxes, not spellings of them.
    recipientKey: canonicalEmail(submission.email),
    replyTo: officeEmail,
    subject: `We have received your enquiry - ${details.name}`,
    body,
  };
}

/** True when this mailbox (its canonical address, `recipientKey`) was sent a confirmation within CONFIRMATION_GAP_MS. */
export async function confirmedRecently(db: Kysely<DatabaseSchema>, recipientKey: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('email_outbox')
    .select('id')
    .where('recipient_key', '=', recipientKey)
    .where('kind', '=', 'parent-confirmation')
    .where('created_at', '>', new Date(now.getTime() - CONFIRMATION_GAP_MS).toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
