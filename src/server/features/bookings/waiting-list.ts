import type { OfferedDay } from '../../../shared/bookings/slots';
import { periodInWords, type WaitingListInput } from '../../../shared/bookings/waiting-list';
import type { Clock } from '../../../shared/clock';
import { addDays, londonDate } from '../../../shared/london-time';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import type { SecretBox } from '../../auth/secrets-at-rest';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { enqueueEmail } from '../../mail/outbox';
import type { BookingEnquiries } from '../enquiries';
import type { ReadSiteFacts } from '../site-facts';
import { newToken, tokenHash } from './repo';
import type { BookingRules } from './rules';
import { waitingListJoined, waitingListOffer } from './waiting-list-mails';

/** The days of `days` within `from`..`to` that have a free time. */
export const freeWithin = (days: readonly OfferedDay[], from: string, to: string) =>
  days.filter((day) => from <= day.date && day.date <= to && day.times.length > 0);

export type JoinOutcome =
  | { kind: 'joined'; enquiryId: number }
  | { kind: 'times-free'; days: OfferedDay[] }
  | { kind: 'outside-window'; last: string; field: 'from' | 'to' };

/** A waiting family as the claim page and the claim see it. */
export interface WaitingEntry {
  id: number;
  enquiryId: number;
  from: string;
  to: string;
  firstName: string;
  email: string;
}

/** What a claim link's token names (`claimOf`). */
export type ClaimLookup = { kind: 'waiting'; entry: WaitingEntry } | { kind: 'ended' } | { kind: 'unknown' };

/**
 * The waiting list (issue 51, decision 0071's "Waiting list"): a family that finds no free time in
 * the days it can come leaves its details once and is e-mailed, in the order it joined, each time
 * a time comes free in those days (a cancellation, a move, new hours, a closure or block lifted).
 * The first to book it gets it, under the bookings' own places. An entry ends when its days have
 * passed or it has booked; it is an enquiry, so retention, the Bin and erasure take it with it.
 */
export function createWaitingList({
  database,
  config,
  clock,
  siteFacts,
  settingsOf,
  rules,
  enquiries,
  secretBox,
  onQueued,
}: {
  database: Database;
  config: Config;
  clock: Clock;
  siteFacts: ReadSiteFacts;
  settingsOf: () => Promise<AssessmentSettings>;
  rules: BookingRules;
  enquiries: BookingEnquiries;
  secretBox: SecretBox;
  onQueued: () => void;
}) {
  const { db } = database;

  /** The last day parents may book now: the window's end. */
  const lastBookable = async (now: Date) => addDays(londonDate(now), (await settingsOf()).weeksAhead * 7);

  async function claimOf(token: string): Promise<ClaimLookup> {
    const row = await db
      .selectFrom('booking_waitlist as w')
      .innerJoin('contact_submissions as s', 's.id', 'w.enquiry_id')
      .select(['w.id', 'w.enquiry_id', 'w.from_date', 'w.to_date', 'w.status', 's.first_name', 's.email'])
      .where('w.claim_token_hash', '=', tokenHash(token))
      .where('s.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return { kind: 'unknown' };
    if (row.status !== 'waiting' || row.to_date < londonDate(clock())) return { kind: 'ended' };
    const entry = {
      id: row.id,
      enquiryId: row.enquiry_id,
      from: row.from_date,
      to: row.to_date,
      firstName: row.first_name,
      email: row.email,
    };
    return { kind: 'waiting', entry };
  }

  return {
    /**
     * Puts a family on the list for `from`..`to`, if those days are in the bookable window and have
     * no free time now (else the parent should book one of those). Its details are stored once, as
     * an enquiry; the office is told and the parent sent a confirmation.
     */
    async join(input: WaitingListInput): Promise<JoinOutcome> {
      const now = clock();
      const today = londonDate(now);
      const last = await lastBookable(now);
      if (input.from < today) return { kind: 'outside-window', last, field: 'from' };
      if (input.to > last) return { kind: 'outside-window', last, field: 'to' };
      const free = freeWithin(await rules.offeredNow(now), input.from, input.to);
      if (free.length > 0) return { kind: 'times-free', days: free };
      const period = periodInWords(input.from, input.to);
      const mail = config.mail;
      const details = mail && (await siteFacts()).details;
      const submittedAt = now.toISOString();
      const enquiryId = await database.writes.run(async (trx) => {
        const { id, submission } = await enquiries.insertWaiting(trx, input, period, submittedAt);
        await trx
          .insertInto('booking_waitlist')
          .values({ enquiry_id: id, from_date: input.from, to_date: input.to, created_at: submittedAt })
          .execute();
        if (mail && details) {
          await enqueueEmail(trx, enquiries.waitingNotification(id, submission, mail.notifyEmail, period), now);
          const entry = {
            enquiryId: id,
            firstName: input.firstName,
            email: input.email,
            from: input.from,
            to: input.to,
          };
          await enqueueEmail(trx, waitingListJoined(entry, { details, officeEmail: mail.notifyEmail }), now);
        }
        return id;
      });
      if (mail) onQueued();
      return { kind: 'joined', enquiryId };
    },

    /**
     * Looks at every family waiting, in the order they joined: one whose days have passed ends;
     * one whose days have a free time and who has not been told since they were last full is
     * e-mailed a claim link (a new token each time, its hash kept), in the transaction whose
     * conditional update records it, so however many processes look, each freeing is told once.
     * A family whose days are full again is marked so, to be told of the next freeing. Answers
     * how many were told.
     */
    async offerFreedTimes(): Promise<number> {
      const now = clock();
      const today = londonDate(now);
      await database.writes.run((trx) =>
        trx
          .updateTable('booking_waitlist')
          .set({ status: 'ended', ended_at: now.toISOString(), claim_token_hash: null })
          .where('status', '=', 'waiting')
          .where('to_date', '<', today)
          .execute(),
      );
      const waiting = await db
        .selectFrom('booking_waitlist as w')
        .innerJoin('contact_submissions as s', 's.id', 'w.enquiry_id')
        .select(['w.id', 'w.enquiry_id', 'w.from_date', 'w.to_date', 'w.offered', 's.first_name', 's.email'])
        .where('w.status', '=', 'waiting')
        .where('s.deleted_at', 'is', null)
        .orderBy('w.id')
        .execute();
      if (waiting.length === 0) return 0;
      const offered = await rules.offeredNow(now);
      const mail = config.mail;
      const details = mail && (await siteFacts()).details;
      let told = 0;
      for (const entry of waiting) {
        const free = freeWithin(offered, entry.from_date, entry.to_date).length > 0;
        if (!free) {
          if (entry.offered === 'true')
            await database.writes.run((trx) =>
              trx.updateTable('booking_waitlist').set({ offered: 'false' }).where('id', '=', entry.id).execute(),
            );
          continue;
        }
        if (entry.offered === 'true' || !mail || !details) continue;
        const token = newToken();
        const sent = await database.writes.run(async (trx) => {
          const marked = await trx
            .updateTable('booking_waitlist')
            .set({ offered: 'true', offered_at: now.toISOString(), claim_token_hash: tokenHash(token) })
            .where('id', '=', entry.id)
            .where('status', '=', 'waiting')
            .where('offered', '=', 'false')
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) return false;
          const who = {
            enquiryId: entry.enquiry_id,
            firstName: entry.first_name,
            email: entry.email,
            from: entry.from_date,
            to: entry.to_date,
          };
          const context = { details, officeEmail: mail.notifyEmail, publicUrl: config.publicUrl };
          await enqueueEmail(trx, waitingListOffer(who, token, context), now, secretBox);
          return true;
        });
        told += Number(sent);
      }
      if (told > 0) onQueued();
      return told;
    },

    /** The waiting family a claim link's token names, while it still waits and its days have not passed. */
    async entryOf(token: string): Promise<WaitingEntry | undefined> {
      const found = await claimOf(token);
      return found.kind === 'waiting' ? found.entry : undefined;
    },

    /**
     * What a claim link's token names, for its page (issue 51): the family still waiting; a place
     * that has ended but still holds the token (its days passed, and the list has not been looked
     * at since); or nothing (a token never sent, or cleared as its place ended: once booked, or
     * once the list has ended it, the link names nothing).
     */
    claimOf,

    /** Today and the last day bookings are taken for: the days a family may wait for. */
    async bookableDays(): Promise<{ today: string; last: string }> {
      const now = clock();
      return { today: londonDate(now), last: await lastBookable(now) };
    },

    /** The free times in a waiting family's days, now. */
    async freeFor(entry: Pick<WaitingEntry, 'from' | 'to'>): Promise<OfferedDay[]> {
      return freeWithin(await rules.offeredNow(clock()), entry.from, entry.to);
    },
  };
}

export type WaitingList = ReturnType<typeof createWaitingList>;
