import type { Kysely } from 'kysely';
import {
  type AttendanceMarkChange,
  type BookingAttendance,
  attendanceMarks,
  type AttendanceMark,
} from '../../../shared/bookings/attendance';
import { maxPlacesPerTime } from '../../../shared/bookings/settings';
import type { DatabaseSchema } from '../../db/schema';
import type { ActingStaff } from '../../auth/principal';

/** A booking as the staff's day and week views list it: its time, state and whose it is (as the inbox names them). */
export interface ListedBookingRow {
  id: number;
  enquiryId: number;
  startsAt: string;
  endsAt: string;
  londonDate: string;
  status: 'booked' | 'cancelled';
  firstName: string;
  lastName: string;
  inBin: boolean;
  attendance: BookingAttendance | null;
}

/** A booking's attendance columns, as stored. */
export interface AttendanceColumns {
  attendance: string | null;
  attendance_at: string | null;
  attendance_by_name: string | null;
  rebook_mailed_at: string | null;
  rebook_mailed_by_name: string | null;
}

/** The columns `attendanceOf` reads, as a select names them. */
export const attendanceColumns = [
  'bookings.attendance',
  'bookings.attendance_at',
  'bookings.attendance_by_name',
  'bookings.rebook_mailed_at',
  'bookings.rebook_mailed_by_name',
] as const;

const isMark = (value: string | null): value is AttendanceMark =>
  value !== null && (attendanceMarks as readonly string[]).includes(value);

/** The mark a booking carries, from its row; null until staff mark it. */
export const attendanceOf = (row: AttendanceColumns): BookingAttendance | null =>
  isMark(row.attendance)
    ? {
        mark: row.attendance,
        markedBy: row.attendance_by_name ?? '',
        markedAt: row.attendance_at ?? '',
        anotherTimeOffered:
          row.rebook_mailed_at === null ? null : { by: row.rebook_mailed_by_name ?? '', at: row.rebook_mailed_at },
      }
    : null;

export interface BlockRow {
  id: number;
  startsAt: string;
  endsAt: string;
  londonDate: string;
  createdAt: string;
  createdBy: string;
}

/** The bookings and blocks of the London dates `from`..`to` (inclusive), in time order. */
export async function bookingsBetween(db: Kysely<DatabaseSchema>, from: string, to: string) {
  const [bookings, blocks] = await Promise.all([
    db
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select([
        'bookings.id',
        'bookings.enquiry_id',
        'bookings.starts_at',
        'bookings.ends_at',
        'bookings.london_date',
        'bookings.status',
        'contact_submissions.first_name',
        'contact_submissions.last_name',
        'contact_submissions.deleted_at',
        ...attendanceColumns,
      ])
      .where('bookings.london_date', '>=', from)
      .where('bookings.london_date', '<=', to)
      .orderBy('bookings.starts_at')
      .orderBy('bookings.id')
      .execute(),
    db
      .selectFrom('booking_blocks')
      .selectAll()
      .where('london_date', '>=', from)
      .where('london_date', '<=', to)
      .orderBy('starts_at')
      .execute(),
  ]);
  return {
    bookings: bookings.map((row): ListedBookingRow => ({
      id: row.id,
      enquiryId: row.enquiry_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      londonDate: row.london_date,
      status: row.status === 'cancelled' ? 'cancelled' : 'booked',
      firstName: row.first_name,
      lastName: row.last_name,
      inBin: row.deleted_at !== null,
      attendance: attendanceOf(row),
    })),
    blocks: blocks.map((row): BlockRow => ({
      id: row.id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      londonDate: row.london_date,
      createdAt: row.created_at,
      createdBy: row.created_by_name,
    })),
  };
}

/**
 * Blocks a time, in the caller's transaction: the block's row (once per start; blocking again
 * keeps the first), then every place 1..maxPlacesPerTime not held, under the bookings' own key.
 * A booking holding a place keeps it (its place goes to the block when it is moved or
 * cancelled); a booking racing the block either took its place first or finds none. Answers the
 * block and how many bookings still hold places at its time.
 */
export async function blockTime(
  trx: Kysely<DatabaseSchema>,
  time: { startsAt: string; endsAt: string; londonDate: string },
  by: ActingStaff,
  now: string,
): Promise<{ block: BlockRow; bookingsKept: number }> {
  await trx
    .insertInto('booking_blocks')
    .values({
      starts_at: time.startsAt,
      ends_at: time.endsAt,
      london_date: time.londonDate,
      created_at: now,
      created_by_account_id: by.accountId,
      created_by_name: by.name,
    })
    .onConflict((conflict) => conflict.column('starts_at').doNothing())
    .execute();
  const row = await trx
    .selectFrom('booking_blocks')
    .selectAll()
    .where('starts_at', '=', time.startsAt)
    .executeTakeFirstOrThrow();
  const places = Array.from({ length: maxPlacesPerTime }, (_, index) => ({
    starts_at: time.startsAt,
    place: index + 1,
    booking_id: null,
    block_id: row.id,
  }));
  // One statement: on PostgreSQL it waits for a booking holding a place uncommitted, then skips it if it committed.
  await trx
    .insertInto('booking_places')
    .values(places)
    .onConflict((conflict) => conflict.columns(['starts_at', 'place']).doNothing())
    .execute();
  const kept = await trx
    .selectFrom('booking_places')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where('starts_at', '=', time.startsAt)
    .where('booking_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    block: {
      id: row.id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      londonDate: row.london_date,
      createdAt: row.created_at,
      createdBy: row.created_by_name,
    },
    bookingsKept: Number(kept.held),
  };
}

/** Lifts a block, in the caller's transaction: its places are free again. Answers its start, or undefined when there was none. */
export async function unblockTime(trx: Kysely<DatabaseSchema>, id: number): Promise<string | undefined> {
  await trx.deleteFrom('booking_places').where('block_id', '=', id).execute();
  const row = await trx.deleteFrom('booking_blocks').where('id', '=', id).returning('starts_at').executeTakeFirst();
  return row?.starts_at;
}

/** Why a mark was not made, or what it found instead of the mark the screen showed. */
export type AttendanceOutcome =
  | { kind: 'marked'; enquiryId: number; stageMoved: boolean }
  | { kind: 'unknown' }
  | { kind: 'already-cancelled' }
  | { kind: 'not-yet' }
  | { kind: 'binned'; by: string | null; at: string }
  | { kind: 'changed'; current: BookingAttendance | null };

/**
 * Marks booking `id` Attended or No-show (issue 50), in the caller's transaction, if it still
 * carries the mark the screen showed (`change.from`): one conditional update, so of two screens
 * (or processes) marking it at once exactly one matches; the others are answered the mark standing
 * now. Only a booking still booked, whose time has passed at `now` and whose enquiry is outside
 * the Bin, is marked. The mark is kept with who and when (`booking_attendance_marks`), and moves its
 * enquiry in the same transaction: Attended takes one at Assessment booked to Assessed, and a
 * change from Attended to No-show takes one at Assessed back to Assessment booked, each move kept
 * as the inbox's moves are (`enquiry_stage_moves`). A No-show otherwise leaves the stage alone.
 */
export async function markAttendance(
  trx: Kysely<DatabaseSchema>,
  id: number,
  change: AttendanceMarkChange,
  by: ActingStaff,
  now: Date,
): Promise<AttendanceOutcome> {
  const at = now.toISOString();
  const found = await trx
    .selectFrom('bookings')
    .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
    .select([
      'bookings.enquiry_id',
      'bookings.starts_at',
      'bookings.status',
      'contact_submissions.deleted_at',
      'contact_submissions.deleted_by_name',
    ])
    .where('bookings.id', '=', id)
    .executeTakeFirst();
  if (!found) return { kind: 'unknown' };
  if (found.status === 'cancelled') return { kind: 'already-cancelled' };
  if (Date.parse(found.starts_at) > now.getTime()) return { kind: 'not-yet' };
  if (found.deleted_at !== null) return { kind: 'binned', by: found.deleted_by_name, at: found.deleted_at };

  const marked = await trx
    .updateTable('bookings')
    .set({
      attendance: change.to,
      attendance_at: at,
      attendance_by_account_id: by.accountId,
      attendance_by_name: by.name,
    })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where((eb) => (change.from === null ? eb('attendance', 'is', null) : eb('attendance', '=', change.from)))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('contact_submissions')
          .select('contact_submissions.id')
          .whereRef('contact_submissions.id', '=', 'bookings.enquiry_id')
          .where('contact_submissions.deleted_at', 'is', null),
      ),
    )
    .returning('enquiry_id')
    .executeTakeFirst();
  if (!marked) {
    // Read again after the update: on PostgreSQL it waited for a rival's row lock and so sees its mark.
    const current = await trx
      .selectFrom('bookings')
      .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
      .select([
        'bookings.status',
        ...attendanceColumns,
        'contact_submissions.deleted_at',
        'contact_submissions.deleted_by_name',
      ])
      .where('bookings.id', '=', id)
      .executeTakeFirst();
    if (!current) return { kind: 'unknown' };
    if (current.status === 'cancelled') return { kind: 'already-cancelled' };
    if (current.deleted_at !== null) return { kind: 'binned', by: current.deleted_by_name, at: current.deleted_at };
    return { kind: 'changed', current: attendanceOf(current) };
  }
  await trx
    .insertInto('booking_attendance_marks')
    .values({
      booking_id: id,
      from_attendance: change.from,
      to_attendance: change.to,
      at,
      by_account_id: by.accountId,
      by_name: by.name,
    })
    .execute();

  const stageMove =
    change.to === 'attended'
      ? ({ from: 'booked', to: 'assessed' } as const)
      : change.from === 'attended'
        ? ({ from: 'assessed', to: 'booked' } as const)
        : undefined;
  if (!stageMove) return { kind: 'marked', enquiryId: marked.enquiry_id, stageMoved: false };
  const moved = await trx
    .updateTable('contact_submissions')
    .set({
      stage: stageMove.to,
      staged_at: at,
      staged_by_account_id: by.accountId,
      staged_by_name: by.name,
      updated_at: at,
    })
    .where('id', '=', marked.enquiry_id)
    .where('stage', '=', stageMove.from)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (moved) {
    await trx
      .insertInto('enquiry_stage_moves')
      .values({
        submission_id: marked.enquiry_id,
        from_stage: stageMove.from,
        to_stage: stageMove.to,
        at,
        by_account_id: by.accountId,
        by_name: by.name,
      })
      .execute();
  }
  return { kind: 'marked', enquiryId: marked.enquiry_id, stageMoved: moved !== undefined };
}
