import crypto from 'node:crypto';
import type { BookedTime } from '../../../shared/bookings/bookings';
import { alreadyBookedMessage, familyOf } from '../../../shared/bookings/family';
import { type CallUsReason, type LinkPurpose, callUsMessage } from '../../../shared/bookings/link-pages';
import type { BookingInput } from '../../../shared/bookings/schemas';
import { type OfferedTime, offeredDays } from '../../../shared/bookings/slots';
import type { Clock } from '../../../shared/clock';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import { ukTimeInWords } from '../../../shared/time-words';
import { createSecretBox } from '../../auth/secrets-at-rest';
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
import { floodNotice, holdNetworkBudget } from './floods';
import { bookingRules } from './rules';
import type { WaitingEntry } from './waiting-list';
import {
  type BookingRow,
  FamilyHasBookings,
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

/** Where a time picked stands: booked (or moved), just taken (with the nearest free), or not offered. */
type PlaceOutcome =
  | { kind: 'booked'; enquiryId: number; booked: BookedTime }
  | { kind: 'taken'; nearest: OfferedTime[] }
  | { kind: 'not-offered' };

/** A booking also stops at the family's cap (issue 51): the parent is told, in `message`, to use the links or call. */
export type BookingOutcome = PlaceOutcome | { kind: 'already-booked'; message: string };

/** A waiting-list claim (issue 51) may also find its place ended (booked, or its days passed), or a time outside its days. */
export type ClaimOutcome = BookingOutcome | { kind: 'claim-ended' } | { kind: 'not-in-period' };

/** Thrown inside a claim's transaction when its waiting-list place ended meanwhile: nothing is written. */
class ClaimEnded extends Error {}

/** Why a link cannot be used: no booking has its token for that purpose, it was cancelled, or its time has come. */
export type LinkRefused = { kind: 'unknown' } | { kind: 'already-cancelled' } | { kind: 'passed' };

/**
 * A link that names a booking to come but may no longer act on it online (issue 51): inside the
 * cut-off, or (the change link) out of changes. `limit` is the cut-off's hours or the changes
 * allowed; `message` says so with the centre's phone, as the API answers it.
 */
export type CallUs = { kind: 'call-us'; reason: CallUsReason; startsAt: string; limit: number; message: string };

export type LinkOutcome = { kind: 'open'; found: BookingRow; settings: AssessmentSettings } | LinkRefused | CallUs;

export type ChangeOutcome = PlaceOutcome | LinkRefused | CallUs;

export type CancelOutcome = { kind: 'cancelled'; startsAt: string } | LinkRefused | CallUs;

/**
 * The latest start a parent's link may still act on at `at`: the cut-off before it. A booking
 * starting exactly the cut-off after `at` is already inside it; the hours are real elapsed hours
 * (instants, so a clock change between makes no difference to how long they are).
 */
export const cutoffFrom = (at: Date, settings: Pick<AssessmentSettings, 'cutoffHours'>) =>
  new Date(at.getTime() + settings.cutoffHours * 3_600_000).toISOString();

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
  const secretBox = createSecretBox(config.secretsKeyFile);
  const rules = bookingRules({ database, clock, siteFacts, settingsOf });
  const { situation, pick, takenSince, bookedTime, parentOf } = rules;

  /**
   * Holds a picked, free time for an enquiry `enquiryFor` writes or names, in one transaction with
   * the group commit (a PlaceTaken rolls back the enquiry's writes with it, and the group commit
   * runs its neighbours again without it): the family's cap, the places, and the parent's
   * confirmation with both links, their tokens sealed until sent (decision 0071). `enquiryFor` is
   * given the office's address when mail is on, to tell it.
   */
  async function place(
    picked: Extract<Awaited<ReturnType<typeof pick>>, { kind: 'free' }>,
    now: Date,
    parent: { email: string; telephone: string },
    enquiryFor: (trx: Parameters<Parameters<Database['writes']['run']>[0]>[0], notifyEmail?: string) => Promise<number>,
  ): Promise<PlaceOutcome | { kind: 'already-booked'; message: string }> {
    const { time, date, settings, facts } = picked;
    const tokens = { cancel: newToken(), change: newToken() };
    const uid = `${crypto.randomUUID()}@${new URL(config.publicUrl).hostname}`;
    const mail = config.mail;
    const context = mail && {
      details: facts.details,
      officeEmail: mail.notifyEmail,
      now,
      cutoffHours: settings.cutoffHours,
    };
    const family = familyOf(parent);
    try {
      const enquiryId = await database.writes.run(async (trx) => {
        const id = await enquiryFor(trx, mail?.notifyEmail);
        const booking = {
          enquiryId: id,
          startsAt: time.start,
          endsAt: time.end,
          londonDate: date,
          uid,
          cancelTokenHash: tokenHash(tokens.cancel),
          changeTokenHash: tokenHash(tokens.change),
          createdAt: now.toISOString(),
          familyEmail: family.email,
          familyPhone: family.phone,
        };
        // The family's bookings still to come are counted at the moment of the write, under the bookings' lock.
        const cap = { most: settings.bookingsPerFamily, liveAfter: clock().toISOString() };
        await insertBooking(trx, booking, settings, cap);
        if (context) {
          const links = bookingLinks(config.publicUrl, tokens);
          const confirmation = bookingConfirmation({ ...booking, sequence: 0 }, parent.email, links, context);
          // Its tokens sealed with the secrets key until sent (decision 0071, "Link tokens in the outbox").
          await enqueueEmail(trx, confirmation, now, secretBox);
        }
        return id;
      });
      if (mail) onQueued();
      return { kind: 'booked', enquiryId, booked: bookedTime(time, date) };
    } catch (error) {
      if (error instanceof FamilyHasBookings) {
        return {
          kind: 'already-booked',
          message: alreadyBookedMessage(settings.bookingsPerFamily, facts.details.phone),
        };
      }
      if (!(error instanceof PlaceTaken)) throw error;
      // Lost the last place to a booking that committed first: what is free now.
      return takenSince(time.start);
    }
  }

  /**
   * Whether the link may still act on a booking to come at `at` (issue 51): not inside the
   * cut-off, and (the change link) not out of changes; else why, with the phone to call.
   */
  async function callUsIf(
    purpose: LinkPurpose,
    booking: BookingRow,
    settings: AssessmentSettings,
    at: Date,
  ): Promise<CallUs | undefined> {
    const reason: CallUsReason | undefined =
      booking.startsAt <= cutoffFrom(at, settings)
        ? 'cut-off'
        : purpose === 'change' && booking.changes >= settings.changesPerBooking
          ? 'change-limit'
          : undefined;
    if (!reason) return undefined;
    const limit = reason === 'cut-off' ? settings.cutoffHours : settings.changesPerBooking;
    const { details } = await siteFacts();
    const message = callUsMessage(reason, purpose, limit, details.phone);
    return { kind: 'call-us', reason, startsAt: booking.startsAt, limit, message };
  }

  /**
   * The booking a link's token opens for its purpose (a cancel token opens nothing on the change
   * page, nor the other way), while it is still booked and its time has not come; inside the
   * cut-off, or out of changes, it opens only to say to call. A token no booking has for that
   * purpose is 'unknown' whatever the time: a forged or misused link learns nothing more.
   */
  async function openLink(purpose: LinkPurpose, token: string, now: Date): Promise<LinkOutcome> {
    const found = await bookingByToken(db, purpose, token);
    if (!found) return { kind: 'unknown' };
    if (found.status === 'cancelled') return { kind: 'already-cancelled' };
    if (Date.parse(found.startsAt) <= now.getTime()) return { kind: 'passed' };
    const settings = await settingsOf();
    return (await callUsIf(purpose, found, settings, now)) ?? { kind: 'open', found, settings };
  }

  /**
   * Why a parent's change or cancellation found nothing to do in its transaction, read again
   * after it: cancelled meanwhile, begun, inside the cut-off or out of changes (at the moment read).
   */
  async function whyUnchanged(purpose: LinkPurpose, id: number, settings: AssessmentSettings) {
    const current = await bookingById(db, id);
    if (!current || current.status === 'cancelled') return { current, refused: { kind: 'already-cancelled' } as const };
    const at = clock();
    if (Date.parse(current.startsAt) <= at.getTime()) return { current, refused: { kind: 'passed' } as const };
    return { current, refused: await callUsIf(purpose, current, settings, at) };
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
     * refuses) answers the nearest free times instead. A family (its e-mail address or its phone
     * number) already holding as many bookings to come as allowed is told so (issue 51). From
     * `from` (the client's address, when a request made it), an IPv6 client is counted against
     * its /48 too (429 past the budget), and the office hears of a sixth booking within an hour.
     */
    async book(input: BookingInput, from?: string): Promise<BookingOutcome> {
      const now = clock();
      if (from !== undefined) await holdNetworkBudget(database.writes, from, config.enquiryRateLimit, now);
      const picked = await pick(input.startsAt, now);
      if (picked.kind !== 'free') return picked;
      return place(picked, now, input, async (trx, notifyEmail) => {
        const { id, submission } = await enquiries.insert(trx, input, now.toISOString());
        if (notifyEmail) {
          await enqueueEmail(
            trx,
            enquiries.notification(id, submission, notifyEmail, ukTimeInWords(picked.time.start)),
            now,
          );
          if (from !== undefined) {
            const notice = await floodNotice(trx, from, now, {
              email: notifyEmail,
              adminLink: enquiries.adminLink(id),
            });
            if (notice) await enqueueEmail(trx, notice, now);
          }
        }
        return id;
      });
    },

    /**
     * Books a time for a family on the waiting list by its claim link (issue 51): onto the
     * family's own enquiry (its details given once, never again), which moves to Assessment
     * booked; the list's place ends in the same transaction, so of the family's own clicks only one
     * books, and of many families racing for one time the bookings' places let one through. The
     * time must be in the family's days.
     */
    async claim(entry: WaitingEntry, startsAt: string): Promise<ClaimOutcome> {
      const now = clock();
      const picked = await pick(startsAt, now);
      if (picked.kind !== 'free') return picked;
      if (picked.date < entry.from || picked.date > entry.to) return { kind: 'not-in-period' };
      const parent = await enquiries.detailsOf(db, entry.enquiryId);
      if (!parent) return { kind: 'claim-ended' };
      try {
        return await place(picked, now, parent, async (trx, notifyEmail) => {
          const ended = await trx
            .updateTable('booking_waitlist')
            .set({ status: 'booked', ended_at: now.toISOString(), claim_token_hash: null })
            .where('id', '=', entry.id)
            .where('status', '=', 'waiting')
            .executeTakeFirst();
          if (Number(ended.numUpdatedRows) !== 1) throw new ClaimEnded();
          await enquiries.bookedFromWaitingList(trx, entry.enquiryId, now.toISOString());
          if (notifyEmail) {
            const who = { firstName: parent.firstName, lastName: parent.lastName, email: parent.email };
            const booking = { enquiryId: entry.enquiryId, startsAt: picked.time.start };
            const link = enquiries.adminLink(entry.enquiryId);
            const notice = officeNotice({ kind: 'from-waiting-list' }, booking, who, notifyEmail, link);
            await enqueueEmail(trx, notice, now);
          }
          return entry.enquiryId;
        });
      } catch (error) {
        if (error instanceof ClaimEnded) return { kind: 'claim-ended' };
        throw error;
      }
    },

    /**
     * Moves a booking by the change link's token (the cancel link's cannot) to another offered
     * time, held to the same places; the parent is sent the update (same UID, raised SEQUENCE)
     * and the office told. Until the cut-off before the booked time, and as many times as allowed
     * (issue 51): each change by the link counts, and both are checked again by the write itself.
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
          // The cut-off and the changes allowed, checked again by the write at its own moment (issue 51).
          const parent = { startsAfter: cutoffFrom(clock(), settings), changesBelow: settings.changesPerBooking };
          const booking = await moveBooking(trx, found.id, to, settings, found.startsAt, parent);
          if (!booking || !mail) return booking;
          const who = await parentOf(trx, booking.enquiryId);
          const context = {
            details: facts.details,
            officeEmail: mail.notifyEmail,
            now,
            cutoffHours: settings.cutoffHours,
          };
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
          // Cancelled, or moved by another request meanwhile: to this time (done already) or
          // another; or now inside the cut-off, or out of changes.
          const { current, refused } = await whyUnchanged('change', found.id, settings);
          if (!current || current.status === 'cancelled') return { kind: 'already-cancelled' };
          if (current.startsAt !== time.start) return refused ?? takenSince(time.start, current);
        } else if (mail) onQueued();
        return { kind: 'booked', enquiryId: found.enquiryId, booked: bookedTime(time, date) };
      } catch (error) {
        if (!(error instanceof PlaceTaken)) throw error;
        return takenSince(time.start, found);
      }
    },

    /**
     * Cancels by the cancel link's token (the change link's cannot), until the cut-off before the
     * time (issue 51, checked again by the write itself): the places are freed, the parent is sent
     * METHOD:CANCEL and the office is told.
     */
    async cancel(token: string): Promise<CancelOutcome> {
      const now = clock();
      const link = await openLink('cancel', token, now);
      if (link.kind !== 'open') return link;
      const { found, settings } = link;
      const mail = config.mail;
      const facts = mail ? await siteFacts() : undefined;
      const cancelled = await database.writes.run(async (trx) => {
        // The cut-off, checked again by the write at its own moment (issue 51).
        const parent = { startsAfter: cutoffFrom(clock(), settings) };
        const booking = await cancelBooking(trx, found.id, now.toISOString(), parent);
        if (!booking || !mail || !facts) return booking;
        const who = await parentOf(trx, booking.enquiryId);
        const context = { details: facts.details, officeEmail: mail.notifyEmail, now };
        await enqueueEmail(trx, bookingCancellation(booking, who.email, context), now);
        const link = enquiries.adminLink(booking.enquiryId);
        await enqueueEmail(trx, officeNotice({ kind: 'cancelled' }, booking, who, mail.notifyEmail, link), now);
        return booking;
      });
      if (!cancelled)
        return (await whyUnchanged('cancel', found.id, settings)).refused ?? { kind: 'already-cancelled' };
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
      const { cutoffHours } = await settingsOf();
      const context = { details, officeEmail: mail.notifyEmail, now, cutoffHours };
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
