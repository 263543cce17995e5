import crypto from 'node:crypto';
import type { BookedTime } from '../../../shared/bookings/bookings';
import type { BookingInput } from '../../../shared/bookings/schemas';
import { type OfferedTime, offeredDays } from '../../../shared/bookings/slots';
import type { Clock } from '../../../shared/clock';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import { ukTime } from '../../../shared/london-time';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { enqueueEmail } from '../../mail/outbox';
import type { BookingEnquiries } from '../enquiries';
import type { ReadSiteFacts } from '../site-facts';
import {
  bookingCancellation,
  bookingConfirmation,
  bookingLinks,
  bookingReminder,
  bookingUpdate,
  officeNotice,
} from './mails';
import { bookingRules } from './rules';
import {
  type BookingRow,
  PlaceTaken,
  bookingById,
  bookingByToken,
  cancelBooking,
  dueReminders,
  insertBooking,
  markReminded,
  moveBooking,
  newToken,
  tokenHash,
} from './repo';

export type BookingOutcome =
  | { kind: 'booked'; enquiryId: number; booked: BookedTime }
  | { kind: 'taken'; nearest: OfferedTime[] }
  | { kind: 'not-offered' };

/** Why a link cannot be used: no booking has its token for that purpose, it was cancelled, or its time has come. */
export type LinkRefused = { kind: 'unknown' } | { kind: 'already-cancelled' } | { kind: 'passed' };

export type LinkOutcome = { kind: 'open'; found: BookingRow } | LinkRefused;

export type ChangeOutcome = BookingOutcome | LinkRefused;

export type CancelOutcome = { kind: 'cancelled'; startsAt: string } | LinkRefused;

export function createBookingsService({
  database,
  config,
  clock,
  siteFacts,
  settingsOf,
  enquiries,
  onQueued = () => {},
}: {
  database: Database;
  config: Config;
  clock: Clock;
  siteFacts: ReadSiteFacts;
  /** The assessment settings in use (the site facts' part, decision 0071). */
  settingsOf: () => Promise<AssessmentSettings>;
  enquiries: BookingEnquiries;
  onQueued?: () => void;
}) {
  const { db } = database;
  const rules = bookingRules({ database, clock, siteFacts, settingsOf });
  const { situation, pick, takenSince, bookedTime, parentOf } = rules;

  /**
   * The booking a link's token opens for its purpose (a cancel token opens nothing on the change
   * page, nor the other way), while it is still booked and its time has not come.
   */
  async function openLink(purpose: 'cancel' | 'change', token: string, now: Date): Promise<LinkOutcome> {
    const found = await bookingByToken(db, purpose, token);
    if (!found) return { kind: 'unknown' };
    if (found.status === 'cancelled') return { kind: 'already-cancelled' };
    if (Date.parse(found.startsAt) <= now.getTime()) return { kind: 'passed' };
    return { kind: 'open', found };
  }

  return {
    /** What a link opens now, changing nothing: its page shows it before the parent confirms. */
    opened: (purpose: 'cancel' | 'change', token: string) => openLink(purpose, token, clock()),

    /** The times a parent may pick now, day by day. */
    async offered() {
      const now = clock();
      const { settings, closures, taken } = await situation(now);
      return { lengthMinutes: settings.lengthMinutes, days: offeredDays(settings, closures, taken, now) };
    },

    /**
     * Books the time the parent picked. A time the rules do not offer is refused; a time offered
     * but full (or whose last place goes to another booking in the meantime, which the database
     * refuses) answers the nearest free times instead.
     */
    async book(input: BookingInput): Promise<BookingOutcome> {
      const now = clock();
      const picked = await pick(input.startsAt, now);
      if (picked.kind !== 'free') return picked;
      const { time, date, settings, facts } = picked;
      const tokens = { cancel: newToken(), change: newToken() };
      const uid = `${crypto.randomUUID()}@${new URL(config.publicUrl).hostname}`;
      const mail = config.mail;
      const submittedAt = now.toISOString();
      const context = mail && { details: facts.details, officeEmail: mail.notifyEmail, now };
      try {
        // Written with other writes arriving together (group commit); a PlaceTaken rolls back this
        // booking's enquiry with it, and the group commit runs its neighbours again without it.
        const enquiryId = await database.writes.run(async (trx) => {
          const { id, submission } = await enquiries.insert(trx, input, submittedAt);
          const booking = {
            enquiryId: id,
            startsAt: time.start,
            endsAt: time.end,
            londonDate: date,
            uid,
            cancelTokenHash: tokenHash(tokens.cancel),
            changeTokenHash: tokenHash(tokens.change),
            createdAt: submittedAt,
          };
          await insertBooking(trx, booking, settings);
          if (mail && context) {
            await enqueueEmail(trx, enquiries.notification(id, submission, mail.notifyEmail, ukTime(time.start)), now);
            const links = bookingLinks(config.publicUrl, tokens);
            await enqueueEmail(trx, bookingConfirmation({ ...booking, sequence: 0 }, input.email, links, context), now);
          }
          return id;
        });
        if (mail) onQueued();
        return { kind: 'booked', enquiryId, booked: bookedTime(time, date) };
      } catch (error) {
        if (!(error instanceof PlaceTaken)) throw error;
        // Lost the last place to a booking that committed first: what is free now.
        return takenSince(time.start);
      }
    },

    /**
     * Moves a booking by the change link's token (the cancel link's cannot) to another offered
     * time, held to the same places; the parent is sent the update (same UID, raised SEQUENCE)
     * and the office told. Until the booked time has passed.
     */
    async change(token: string, startsAt: string): Promise<ChangeOutcome> {
      const now = clock();
      const link = await openLink('change', token, now);
      if (link.kind !== 'open') return link;
      const { found } = link;
      if (found.startsAt === startsAt) {
        const time = { start: found.startsAt, end: found.endsAt };
        return { kind: 'booked', enquiryId: found.enquiryId, booked: bookedTime(time, found.londonDate) };
      }
      const picked = await pick(startsAt, now, found);
      if (picked.kind !== 'free') return picked;
      const { time, date, settings, facts } = picked;
      const mail = config.mail;
      try {
        const moved = await database.writes.run(async (trx) => {
          const to = { startsAt: time.start, endsAt: time.end, londonDate: date };
          const booking = await moveBooking(trx, found.id, to, settings, found.startsAt);
          if (!booking || !mail) return booking;
          const who = await parentOf(trx, booking.enquiryId);
          const context = { details: facts.details, officeEmail: mail.notifyEmail, now };
          await enqueueEmail(trx, bookingUpdate(booking, who.email, context), now);
          const notice = officeNotice(
            { kind: 'moved', from: found.startsAt },
            booking,
            who,
            mail.notifyEmail,
            enquiries.adminLink(booking.enquiryId),
          );
          await enqueueEmail(trx, notice, now);
          return booking;
        });
        if (!moved) {
          // Cancelled, or moved by another request meanwhile: to this time (done already) or another.
          const current = await bookingById(db, found.id);
          if (!current || current.status === 'cancelled') return { kind: 'already-cancelled' };
          if (current.startsAt !== time.start) return takenSince(time.start, current);
        } else if (mail) onQueued();
        return { kind: 'booked', enquiryId: found.enquiryId, booked: bookedTime(time, date) };
      } catch (error) {
        if (!(error instanceof PlaceTaken)) throw error;
        return takenSince(time.start, found);
      }
    },

    /**
     * Cancels by the cancel link's token (the change link's cannot), until the time has passed:
     * the places are freed, the parent is sent METHOD:CANCEL and the office is told.
     */
    async cancel(token: string): Promise<CancelOutcome> {
      const now = clock();
      const link = await openLink('cancel', token, now);
      if (link.kind !== 'open') return link;
      const { found } = link;
      const mail = config.mail;
      const facts = mail ? await siteFacts() : undefined;
      const cancelled = await database.writes.run(async (trx) => {
        const booking = await cancelBooking(trx, found.id, now.toISOString());
        if (!booking || !mail || !facts) return booking;
        const who = await parentOf(trx, booking.enquiryId);
        const context = { details: facts.details, officeEmail: mail.notifyEmail, now };
        await enqueueEmail(trx, bookingCancellation(booking, who.email, context), now);
        const link = enquiries.adminLink(booking.enquiryId);
        await enqueueEmail(trx, officeNotice({ kind: 'cancelled' }, booking, who, mail.notifyEmail, link), now);
        return booking;
      });
      if (!cancelled) return { kind: 'already-cancelled' };
      if (mail) onQueued();
      return { kind: 'cancelled', startsAt: cancelled.startsAt };
    },

    /**
     * Queues the reminder of each booking due one (24 hours ahead), each marked in the transaction
     * that queues it, so it is queued once whatever runs at once or restarts; answers how many.
     */
    async sendDueReminders(): Promise<number> {
      const mail = config.mail;
      if (!mail) return 0;
      const now = clock();
      const due = await dueReminders(db, now);
      if (due.length === 0) return 0;
      const { details } = await siteFacts();
      const context = { details, officeEmail: mail.notifyEmail, now };
      let queued = 0;
      for (const booking of due) {
        const done = await database.writes.run(async (trx) => {
          if (!(await markReminded(trx, booking.id, now.toISOString()))) return false;
          await enqueueEmail(trx, bookingReminder(booking, booking.parentEmail, context), now);
          return true;
        });
        if (done) queued += 1;
      }
      if (queued > 0) onQueued();
      return queued;
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
