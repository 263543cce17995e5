import type { Transaction } from 'kysely';
import type { AttendanceMarkChange, BookingAttendance } from '../../../shared/bookings/attendance';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { timesLaidOn, weekDayOf } from '../../../shared/bookings/slots';
import type { StaffBlock, StaffBooking, StaffBookingsView, StaffView } from '../../../shared/bookings/staff';
import type { Clock } from '../../../shared/clock';
import type { AssessmentSettings } from '../../../shared/site-facts/site-facts';
import { addDays, londonDate, utcToLondonLocal } from '../../../shared/london-time';
import type { ActingStaff } from '../../auth/principal';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import type { DatabaseSchema } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import { anotherTimeMail, bookingCancellation, bookingUpdate, officeNotice } from './mails';
import { paths } from '../../../shared/routes';
import { type BookingRow, PlaceTaken, bookingById, cancelBooking, moveBooking } from './repo';
import type { BookingRules } from './rules';
import {
  type BlockRow,
  type ListedBookingRow,
  attendanceColumns,
  attendanceOf,
  blockTime,
  bookingsBetween,
  markAttendance,
  unblockTime,
} from './staff-repo';

const clockTime = (iso: string) => utcToLondonLocal(iso).slice(11, 16);

const listed = (row: ListedBookingRow): StaffBooking => ({
  id: row.id,
  enquiryId: row.enquiryId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  time: clockTime(row.startsAt),
  status: row.status,
  name: `${row.firstName} ${row.lastName}`,
  inBin: row.inBin,
  attendance: row.attendance,
});

const blockOf = (row: BlockRow): StaffBlock => ({
  id: row.id,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  time: clockTime(row.startsAt),
  createdBy: row.createdBy,
});

/** Why a booking cannot be moved or cancelled by staff. */
type Refused = { kind: 'unknown' } | { kind: 'already-cancelled' } | { kind: 'passed' };

export type StaffMoveOutcome =
  | { kind: 'moved'; booking: StaffBooking; changed: boolean }
  | { kind: 'taken'; nearest: OfferedTime[] }
  | { kind: 'not-offered' }
  | Refused;

export type StaffCancelOutcome = { kind: 'cancelled'; booking: StaffBooking; changed: boolean } | Refused;

/** What "Offer another time" did: sent, or why not. */
export type AnotherTimeOutcome =
  | { kind: 'sent'; booking: StaffBooking }
  | { kind: 'unknown' }
  | { kind: 'not-no-show' }
  | { kind: 'mail-off' }
  | { kind: 'binned'; by: string | null; at: string }
  | { kind: 'sent-already'; by: string; at: string };

export type StaffAttendanceOutcome =
  | { kind: 'marked'; booking: StaffBooking }
  | { kind: 'unknown' }
  | { kind: 'already-cancelled' }
  | { kind: 'not-yet' }
  | { kind: 'binned'; by: string | null; at: string }
  | { kind: 'changed'; current: BookingAttendance | null };

/**
 * Staff run the bookings (issue 41 part 5, decision 0073): the day and week views, moving and
 * cancelling a booking (held to the places and rules parents are, and the parent mailed as for
 * their own change or cancellation), and blocking a time.
 */
export function createStaffBookings({
  database,
  config,
  clock,
  siteFacts,
  settingsOf,
  rules,
  adminLink,
  onQueued,
}: {
  database: Database;
  config: Config;
  clock: Clock;
  siteFacts: ReadSiteFacts;
  settingsOf: () => Promise<AssessmentSettings>;
  rules: BookingRules;
  /** The enquiry's card in the admin, for the office's notes. */
  adminLink: (enquiryId: number) => string;
  onQueued: () => void;
}) {
  const { db } = database;

  /** A booking as listed, with its parent's name and its attendance mark read now. */
  const asListed = async (booking: BookingRow): Promise<StaffBooking> => {
    const parent = await db
      .selectFrom('contact_submissions')
      .innerJoin('bookings', 'bookings.enquiry_id', 'contact_submissions.id')
      .select([
        'contact_submissions.first_name',
        'contact_submissions.last_name',
        'contact_submissions.deleted_at',
        ...attendanceColumns,
      ])
      .where('bookings.id', '=', booking.id)
      .executeTakeFirstOrThrow();
    return listed({
      ...booking,
      firstName: parent.first_name,
      lastName: parent.last_name,
      inBin: parent.deleted_at !== null,
      attendance: attendanceOf(parent),
    });
  };

  /** A booking staff may still change: there, still booked, not yet started. */
  const changeable = async (id: number, now: Date): Promise<BookingRow | Refused> => {
    const found = await bookingById(db, id);
    if (!found) return { kind: 'unknown' };
    if (found.status === 'cancelled') return { kind: 'already-cancelled' };
    if (Date.parse(found.startsAt) <= now.getTime()) return { kind: 'passed' };
    return found;
  };
  const isRefusal = (found: BookingRow | Refused): found is Refused => 'kind' in found;

  const mailContext = async (now: Date) => {
    const mail = config.mail;
    if (!mail) return undefined;
    // The cut-off, so the parent's update says until when the links still act (issue 51).
    const { cutoffHours } = await settingsOf();
    return { details: (await siteFacts()).details, officeEmail: mail.notifyEmail, now, cutoffHours };
  };

  return {
    /** The London days from `from`: one, or a week of seven. */
    async view(from: string, view: StaffView): Promise<StaffBookingsView> {
      const now = clock();
      const to = addDays(from, view === 'week' ? 6 : 0);
      const [{ bookings, blocks }, settings, facts] = await Promise.all([
        bookingsBetween(db, from, to),
        settingsOf(),
        siteFacts(),
      ]);
      const days = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const dayBlocks = blocks.filter((block) => block.londonDate === date);
        const blocked = new Set(dayBlocks.map((block) => block.startsAt));
        days.push({
          date,
          weekDay: weekDayOf(date),
          bookings: bookings.filter((booking) => booking.londonDate === date).map(listed),
          blocks: dayBlocks.map(blockOf),
          blockable: timesLaidOn(date, settings, facts.hours.closures)
            .filter((time) => Date.parse(time.start) > now.getTime() && !blocked.has(time.start))
            .map((time) => ({ startsAt: time.start, time: time.time })),
        });
      }
      return { from, to, days };
    },

    /** The times a booking may move to now: as parents are offered, its own places not counted against it. */
    async timesFor(id: number) {
      const now = clock();
      const found = await changeable(id, now);
      if (isRefusal(found)) return found;
      const [{ lengthMinutes }, days] = await Promise.all([settingsOf(), rules.offeredNow(now, found)]);
      return { kind: 'times' as const, lengthMinutes, days };
    },

    /**
     * Moves a booking to an offered, free time, under the keys a parent's change is held to; the
     * parent is mailed the update (same UID, raised SEQUENCE). Moving it to where it already is
     * (a repeat, or a race of identical moves) answers the booking unchanged and mails nothing.
     */
    async move(id: number, startsAt: string, by: ActingStaff): Promise<StaffMoveOutcome> {
      const now = clock();
      const found = await changeable(id, now);
      if (isRefusal(found)) return found;
      if (found.startsAt === startsAt) return { kind: 'moved', booking: await asListed(found), changed: false };
      /** After a refusal or a lost race: done meanwhile by an identical move, or still refused. */
      const settled = async (refusal: { kind: 'taken'; nearest: OfferedTime[] } | { kind: 'not-offered' }) => {
        const current = await bookingById(db, id);
        if (current?.status === 'booked' && current.startsAt === startsAt) {
          return { kind: 'moved' as const, booking: await asListed(current), changed: false };
        }
        if (current?.status === 'cancelled') return { kind: 'already-cancelled' as const };
        return refusal;
      };
      const picked = await rules.pick(startsAt, now, found);
      if (picked.kind !== 'free') return settled(picked);
      const { time, date, settings } = picked;
      const context = await mailContext(now);
      try {
        const moved = await database.writes.run(async (trx) => {
          const to = { startsAt: time.start, endsAt: time.end, londonDate: date };
          const booking = await moveBooking(trx, found.id, to, settings, found.startsAt);
          if (!booking || !context) return booking;
          const who = await rules.parentOf(trx, booking.enquiryId);
          await enqueueEmail(trx, bookingUpdate(booking, who.email, context), now);
          // The office hears of it too, naming who moved it (issue 51), as it does of a parent's change.
          const change = { kind: 'moved', from: found.startsAt, by: by.name } as const;
          await enqueueEmail(
            trx,
            officeNotice(change, booking, who, context.officeEmail, adminLink(booking.enquiryId)),
            now,
          );
          return booking;
        });
        if (!moved) return settled(await rules.takenSince(time.start, found));
        if (context) onQueued();
        return { kind: 'moved', booking: await asListed(moved), changed: true };
      } catch (error) {
        if (!(error instanceof PlaceTaken)) throw error;
        return settled(await rules.takenSince(time.start, found));
      }
    },

    /**
     * The enquiry's bookings still to come, cancelled in the transaction (`trx`) that moves the
     * enquiry to the Bin (issue 51): their places are freed and the office is told, naming who
     * binned it; the parent is not (staff binned a mistake or a hoax, not the family's plan). A
     * restore brings the enquiry back, never the time. Answers how many were cancelled.
     */
    async cancelForBin(
      trx: Transaction<DatabaseSchema>,
      enquiryId: number,
      by: ActingStaff,
      now: Date,
    ): Promise<number> {
      const standing = await trx
        .selectFrom('bookings')
        .select('id')
        .where('enquiry_id', '=', enquiryId)
        .where('status', '=', 'booked')
        .where('starts_at', '>', now.toISOString())
        .execute();
      const officeEmail = config.mail?.notifyEmail;
      let cancelled = 0;
      for (const { id } of standing) {
        const booking = await cancelBooking(trx, id, now.toISOString());
        if (!booking) continue;
        cancelled += 1;
        if (!officeEmail) continue;
        const who = await rules.parentOf(trx, enquiryId);
        const notice = officeNotice({ kind: 'binned', by: by.name }, booking, who, officeEmail, adminLink(enquiryId));
        await enqueueEmail(trx, notice, now);
      }
      return cancelled;
    },

    /**
     * Cancels a booking: its places are freed (to a block, when its time is blocked) and the
     * parent is mailed METHOD:CANCEL. A booking already cancelled by this very call's twin answers
     * cancelled, unchanged, and mails nothing.
     */
    async cancel(id: number): Promise<StaffCancelOutcome> {
      const now = clock();
      const found = await bookingById(db, id);
      if (!found) return { kind: 'unknown' };
      if (found.status === 'cancelled') return { kind: 'cancelled', booking: await asListed(found), changed: false };
      if (Date.parse(found.startsAt) <= now.getTime()) return { kind: 'passed' };
      const context = await mailContext(now);
      const cancelled = await database.writes.run(async (trx) => {
        const booking = await cancelBooking(trx, found.id, now.toISOString());
        if (!booking || !context) return booking;
        const who = await rules.parentOf(trx, booking.enquiryId);
        await enqueueEmail(trx, bookingCancellation(booking, who.email, context), now);
        return booking;
      });
      if (!cancelled) {
        const current = (await bookingById(db, id)) ?? found;
        return { kind: 'cancelled', booking: await asListed(current), changed: false };
      }
      if (context) onQueued();
      return { kind: 'cancelled', booking: await asListed(cancelled), changed: true };
    },

    /**
     * Blocks one of the times the rules lay on its day, not yet started: no parent is offered it
     * or can book it. Bookings already there keep their places (staff move or cancel them).
     */
    async block(startsAt: string, by: ActingStaff) {
      const now = clock();
      // The pattern lets through instants no calendar has (month 13): not a time, as any other.
      if (Number.isNaN(Date.parse(startsAt))) return undefined;
      const date = londonDate(new Date(startsAt));
      const [settings, facts] = await Promise.all([settingsOf(), siteFacts()]);
      const time = timesLaidOn(date, settings, facts.hours.closures).find((laid) => laid.start === startsAt);
      if (!time || Date.parse(time.start) <= now.getTime()) return undefined;
      const { block, bookingsKept } = await database.writes.run((trx) =>
        blockTime(trx, { startsAt: time.start, endsAt: time.end, londonDate: date }, by, now.toISOString()),
      );
      return { ...blockOf(block), bookingsKept };
    },

    /**
     * Marks a booking whose time has passed Attended or No-show, if it still carries the mark the
     * screen showed; the enquiry's stage follows in the same transaction (`markAttendance`).
     */
    async markAttendance(id: number, change: AttendanceMarkChange, by: ActingStaff): Promise<StaffAttendanceOutcome> {
      const now = clock();
      const outcome = await database.writes.run((trx) => markAttendance(trx, id, change, by, now));
      if (outcome.kind !== 'marked') return outcome;
      const booking = await bookingById(db, id);
      if (!booking) return { kind: 'unknown' };
      return { kind: 'marked', booking: await asListed(booking) };
    },

    /**
     * Offers a family that missed its assessment another time (issue 51): one mail, once per
     * booking, when staff choose. The conditional update that records who sent it and when is the
     * lock: of two screens at once, one sends it. Needs the booking marked No-show, its enquiry
     * outside the Bin, and mail on.
     */
    async offerAnotherTime(id: number, by: ActingStaff): Promise<AnotherTimeOutcome> {
      const now = clock();
      const context = await mailContext(now);
      if (!context) return { kind: 'mail-off' };
      const sent = await database.writes.run(async (trx) => {
        const row = await trx
          .selectFrom('bookings')
          .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
          .select(['bookings.attendance', 'contact_submissions.deleted_at', 'contact_submissions.deleted_by_name'])
          .select(['bookings.rebook_mailed_at', 'bookings.rebook_mailed_by_name'])
          .where('bookings.id', '=', id)
          .executeTakeFirst();
        if (!row) return { kind: 'unknown' } as const;
        if (row.deleted_at !== null) return { kind: 'binned', by: row.deleted_by_name, at: row.deleted_at } as const;
        if (row.attendance !== 'no-show') return { kind: 'not-no-show' } as const;
        const marked = await trx
          .updateTable('bookings')
          .set({ rebook_mailed_at: now.toISOString(), rebook_mailed_by_name: by.name })
          .where('id', '=', id)
          .where('attendance', '=', 'no-show')
          .where('rebook_mailed_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!marked) {
          const current = await trx
            .selectFrom('bookings')
            .select(['rebook_mailed_at', 'rebook_mailed_by_name'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return {
            kind: 'sent-already',
            by: current.rebook_mailed_by_name ?? '',
            at: current.rebook_mailed_at ?? '',
          } as const;
        }
        const booking = await bookingById(trx, id);
        const who = await rules.parentOf(trx, marked.enquiry_id);
        const mail = anotherTimeMail(booking!, who, {
          ...context,
          bookingPage: `${config.publicUrl}${paths.freeAssessment}`,
        });
        await enqueueEmail(trx, mail, now);
        return { kind: 'sent' } as const;
      });
      if (sent.kind !== 'sent') return sent;
      onQueued();
      const booking = await bookingById(db, id);
      return { kind: 'sent', booking: await asListed(booking!) };
    },

    /** Lifts a block: its time is offered again where the rules offer it. Undefined when there was no such block. */
    unblock: (id: number) => database.writes.run((trx) => unblockTime(trx, id)),
  };
}

export type StaffBookings = ReturnType<typeof createStaffBookings>;
