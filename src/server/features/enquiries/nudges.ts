import type { Clock } from '../../../shared/clock';
import { fromNudgeQuery, replySettingsOf, WAITING_WITHIN_DAYS } from '../../../shared/enquiries/reply-settings';
import { londonDate } from '../../../shared/london-time';
import { openingMinutesBetween, openOn } from '../../../shared/opening-time';
import type { SiteFacts } from '../../../shared/site-facts/site-facts';
import { spokenMinutes } from '../../../shared/spoken-duration';
import { mayUse, type StaffRole } from '../../../shared/staff/staff';
import type { Database } from '../../db/connection';
import { enqueueEmail } from '../../mail/outbox';
import { notBinned } from './not-binned';
import { enquiryAdminLink } from './notification';

/** The owners hear of a family still waiting once it has waited this many times the target. */
const OWNERS_AFTER_TARGETS = 4;

type Nudge = 'nudged_at' | 'owners_nudged_at';

/**
 * The nudges (issue 50, decision 0078): a New enquiry that has waited the reply target in opening
 * time gets one e-mail to each enabled account that may use the inbox (owners included; the
 * office's NOTIFY_EMAIL when there is none), and at four times the target one to each owner.
 * Only while the office is open, so none is sent at night however long a family has waited. Each
 * is queued in the transaction whose conditional update marks it sent (`nudged_at`,
 * `owners_nudged_at`): of every process and instance looking, one queues it, once, and the durable
 * outbox sends it once across restarts. The mail names the family's first name, the wait and the
 * card's link, and nothing else of theirs.
 */
export function createNudges({
  database,
  clock,
  siteFacts,
  publicUrl,
  officeEmail,
}: {
  database: Database;
  clock: Clock;
  siteFacts: () => Promise<SiteFacts>;
  publicUrl: string;
  /** NOTIFY_EMAIL, or undefined with mail off (then nothing is nudged: there is no way to). */
  officeEmail: string | undefined;
}) {
  const { db } = database;
  const recipients = async (role: StaffRole): Promise<string[]> => {
    const accounts = await db
      .selectFrom('staff_accounts')
      .select(['email', 'roles'])
      .where('disabled_at', 'is', null)
      .execute();
    const emails = accounts
      .filter((account) => mayUse(account.roles.split(',') as StaffRole[], role))
      .map((account) => account.email);
    return emails.length > 0 ? emails : officeEmail ? [officeEmail] : [];
  };

  /** Queues one nudge if nobody has: true when this call did. */
  const nudge = async (
    enquiry: { id: number; first_name: string },
    which: Nudge,
    to: string[],
    waited: number,
    target: number,
  ) => {
    const now = clock().toISOString();
    return database.writes.run(async (trx) => {
      const marked = await trx
        .updateTable('contact_submissions')
        .set({ [which]: now })
        .where('id', '=', enquiry.id)
        .where(which, 'is', null)
        .where('stage', '=', 'new')
        .where(notBinned)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      const wait = spokenMinutes(waited);
      const subject =
        which === 'nudged_at'
          ? `${enquiry.first_name} has waited ${wait} for a reply`
          : `Still no reply after ${wait}: ${enquiry.first_name}`;
      const body = [
        `${enquiry.first_name}'s enquiry (number ${enquiry.id}) has waited ${wait} of opening time for a first contact. The reply target is ${spokenMinutes(target)}.`,
        '',
        `Open it in the admin: ${enquiryAdminLink(publicUrl, enquiry.id, fromNudgeQuery)}`,
        '',
        'Once you have been in touch, move it to Contacted.',
      ].join('\n');
      for (const recipient of to)
        await enqueueEmail(
          trx,
          { kind: 'reply-nudge', submissionId: enquiry.id, recipient, subject, body },
          new Date(now),
        );
      return true;
    });
  };

  /** Queues the nudges due now; answers how many enquiries were nudged. */
  return async function sendDueNudges(): Promise<number> {
    if (!officeEmail) return 0;
    const now = clock();
    const facts = await siteFacts();
    const open = openOn(facts.hours, londonDate(now)).some(
      (span) => span.from <= now.getTime() && now.getTime() < span.to,
    );
    if (!open) return 0;
    const target = replySettingsOf(facts).targetMinutes;
    const waiting = await db
      .selectFrom('contact_submissions')
      .select(['id', 'first_name', 'submitted_at', 'nudged_at', 'owners_nudged_at'])
      .where('stage', '=', 'new')
      .where(notBinned)
      .where('submitted_at', '>=', new Date(now.getTime() - WAITING_WITHIN_DAYS * 86_400_000).toISOString())
      .where((eb) => eb.or([eb('nudged_at', 'is', null), eb('owners_nudged_at', 'is', null)]))
      .execute();
    // Who is told, read once a run and only if someone is due.
    const readOnce = (role: StaffRole) => {
      let read: Promise<string[]> | undefined;
      return () => (read ??= recipients(role));
    };
    const inbox = readOnce('enquiries');
    const owners = readOnce('owner');
    let nudged = 0;
    for (const enquiry of waiting) {
      const waited = openingMinutesBetween(facts.hours, new Date(enquiry.submitted_at), now);
      if (enquiry.nudged_at === null && waited >= target)
        nudged += Number(await nudge(enquiry, 'nudged_at', await inbox(), waited, target));
      if (enquiry.owners_nudged_at === null && waited >= OWNERS_AFTER_TARGETS * target)
        nudged += Number(await nudge(enquiry, 'owners_nudged_at', await owners(), waited, target));
    }
    return nudged;
  };
}
