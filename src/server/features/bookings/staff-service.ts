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
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import { bookingCancellation, bookingUpdate } from './mails';
import { type BookingRow, PlaceTaken, bookingById, cancelBooking, moveBooking } from './repo';
import type { BookingRules } from './rules';
import {
  type BlockRow,
  type ListedBookingRow,
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
  onQueued,
}: {
  database: Database;
  config: Config;
  clock: Clock;
  siteFacts: ReadSiteFacts;
  settingsOf: () => Promise<AssessmentSettings>;
  rules: BookingRules;
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
        'bookings.attendance',
        'bookings.attendance_at',
        'bookings.attendance_by_name',
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
    return mail ? { details: (await siteFacts()).details, officeEmail: mail.notifyEmail, now } : undefined;
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
    async move(id: number, startsAt: string): Promise<StaffMoveOutcome> {
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

    /** Lifts a block: its time is offered again where the rules offer it. Undefined when there was no such block. */
    unblock: (id: number) => database.writes.run((trx) => unblockTime(trx, id)),
  };
}

export type StaffBookings = ReturnType<typeof createStaffBookings>;
