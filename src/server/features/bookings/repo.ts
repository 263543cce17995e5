import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type Taken, placesHeldDuring } from '../../../shared/bookings/slots';
import { engineOf } from '../../db/dialect';
import type { DatabaseSchema } from '../../db/schema';

/** Only the hash of a link's token is kept: a copy of the database cannot cancel anyone's booking. */
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A link's secret: 32 random bytes, URL-safe. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export interface BookingRow {
  id: number;
  enquiryId: number;
  startsAt: string;
  endsAt: string;
  londonDate: string;
  status: 'booked' | 'cancelled';
  uid: string;
  sequence: number;
  /** Changes the parent has made by the change link (issue 51). */
  changes: number;
}

const bookingColumns = [
  'id',
  'enquiry_id',
  'starts_at',
  'ends_at',
  'london_date',
  'status',
  'uid',
  'sequence',
  'changes',
] as const;

const toBooking = (row: {
  id: number;
  enquiry_id: number;
  starts_at: string;
  ends_at: string;
  london_date: string;
  status: string;
  uid: string;
  sequence: number;
  changes: number;
}): BookingRow => ({
  id: row.id,
  enquiryId: row.enquiry_id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  londonDate: row.london_date,
  status: row.status === 'cancelled' ? 'cancelled' : 'booked',
  uid: row.uid,
  sequence: row.sequence,
  changes: row.changes,
});

/**
 * What is taken from `from` on: the bookings standing that end after it (each its span), the
 * places held at each start from then (bookings' and blocks'), and places held per London date.
 */
export async function takenFrom(db: Kysely<DatabaseSchema>, from: string, fromDate: string): Promise<Taken> {
  const [booked, places, days] = await Promise.all([
    db
      .selectFrom('bookings')
      .select(['starts_at', 'ends_at'])
      .where('status', '=', 'booked')
      .where('ends_at', '>', from)
      .execute(),
    db
      .selectFrom('booking_places')
      .select(['starts_at', (eb) => eb.fn.countAll<number>().as('held')])
      .where('starts_at', '>=', from)
      .groupBy('starts_at')
      .execute(),
    db
      .selectFrom('booking_day_places')
      .select(['day', (eb) => eb.fn.countAll<number>().as('held')])
      .where('day', '>=', fromDate)
      .groupBy('day')
      .execute(),
  ]);
  return {
    booked: booked.map((row) => ({ start: row.starts_at, end: row.ends_at })),
    placesAt: new Map(places.map((row) => [row.starts_at, Number(row.held)])),
    perDay: new Map(days.map((row) => [row.day, Number(row.held)])),
  };
}

/**
 * Takes the first free place numbered 1..`limit` in `table` for `key`, for `bookingId`; false when
 * every one is held. The primary key is the lock: the insert does nothing when the place is held
 * (on PostgreSQL it first waits for a booking holding it uncommitted, then sees its row), so two
 * bookings can never hold one place, however many arrive at once, on either engine.
 */
async function takeFirstFreePlace(
  db: Kysely<DatabaseSchema>,
  table: 'booking_places' | 'booking_day_places',
  key: string,
  limit: number,
  bookingId: number,
): Promise<boolean> {
  const keyColumn = table === 'booking_places' ? 'starts_at' : 'day';
  const held = new Set(
    (await db.selectFrom(table).select('place').where(keyColumn, '=', key).execute()).map((row) => row.place),
  );
  for (let place = 1; place <= limit; place += 1) {
    // Skipping what was held when read saves statements; a place taken since is caught by the key.
    if (held.has(place)) continue;
    const row =
      table === 'booking_places'
        ? { starts_at: key, place, booking_id: bookingId }
        : { day: key, place, booking_id: bookingId };
    const result = await db
      .insertInto(table)
      .values(row as never)
      .onConflict((conflict) => conflict.columns([keyColumn, 'place'] as never).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
  }
  return false;
}

/** With no daily limit, a day's places are numbered still (so a limit set later counts them), without a ceiling. */
const noDailyLimit = 100_000;

export interface NewBooking {
  enquiryId: number;
  startsAt: string;
  endsAt: string;
  londonDate: string;
  uid: string;
  cancelTokenHash: string;
  changeTokenHash: string;
  createdAt: string;
  /** The family it counts for (shared/bookings/family.ts): the canonical e-mail address, the phone's digits. */
  familyEmail: string;
  familyPhone: string | null;
}

/** Thrown inside a booking's transaction when its place went to another: the transaction rolls back. */
export class PlaceTaken extends Error {
  constructor() {
    super('place taken');
    this.name = 'PlaceTaken';
  }
}

/** Thrown inside a booking's transaction when its family holds as many bookings to come as allowed: it rolls back. */
export class FamilyHasBookings extends Error {
  constructor() {
    super('family has bookings');
    this.name = 'FamilyHasBookings';
  }
}

/** The cap on one family's bookings to come (issue 51): at most `most`, counting those starting after `liveAfter`. */
export interface FamilyCap {
  most: number;
  liveAfter: string;
}

/**
 * Throws FamilyHasBookings when the e-mail address or the phone number already holds `most`
 * bookings still booked and not yet begun. Read after the bookings' lock, where no other booking
 * can be written beside it (PostgreSQL: the advisory lock, each statement then seeing every
 * booking committed before; SQLite: writers in a row), so two bookings of one family racing each
 * other are counted one after the other, never both against what was there before.
 */
async function holdFamilyCap(trx: Kysely<DatabaseSchema>, booking: NewBooking, cap: FamilyCap) {
  const keys = [
    ['family_email', booking.familyEmail],
    ['family_phone', booking.familyPhone],
  ] as const;
  for (const [column, key] of keys) {
    if (key === null) continue;
    const { live } = await trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('live'))
      .where(column, '=', key)
      .where('status', '=', 'booked')
      .where('starts_at', '>', cap.liveAfter)
      .executeTakeFirstOrThrow();
    if (Number(live) >= cap.most) throw new FamilyHasBookings();
  }
}

/**
 * Stores the booking and takes its places, in the caller's transaction: one place at its time
 * (of `placesPerTime`) and one in its day (of `dailyLimit`). Throws PlaceTaken when either is
 * full, and FamilyHasBookings when its family is at its cap (`family`), so the transaction, with
 * its enquiry, rolls back whole.
 */
export async function insertBooking(
  trx: Kysely<DatabaseSchema>,
  booking: NewBooking,
  limits: PlaceLimits,
  family?: FamilyCap,
): Promise<number> {
  await oneBookingAtATime(trx);
  if (family) await holdFamilyCap(trx, booking, family);
  const { id } = await trx
    .insertInto('bookings')
    .values({
      enquiry_id: booking.enquiryId,
      starts_at: booking.startsAt,
      ends_at: booking.endsAt,
      london_date: booking.londonDate,
      uid: booking.uid,
      cancel_token_hash: booking.cancelTokenHash,
      change_token_hash: booking.changeTokenHash,
      created_at: booking.createdAt,
      family_email: booking.familyEmail,
      family_phone: booking.familyPhone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await takePlaces(trx, id, booking, limits);
  return id;
}

/** What bounds a booking: places per time, the buffer around each, and the daily limit. */
export interface PlaceLimits {
  placesPerTime: number;
  bufferMinutes: number;
  dailyLimit: number | null;
}

/**
 * PostgreSQL's transaction-scoped advisory lock that puts bookings' writes in a row (SQLite's
 * writers are in a row already). One key for all of them: a centre's bookings are few, and with
 * one lock two writes can never wait for each other's.
 */
const bookingsLockKey = 710041;

/** Waits for the bookings' lock (PostgreSQL), first thing in a booking's write, before it locks any row. */
async function oneBookingAtATime(trx: Kysely<DatabaseSchema>) {
  if (engineOf(trx as Kysely<unknown>) === 'postgres')
    await sql`select pg_advisory_xact_lock(${sql.lit(bookingsLockKey)})`.execute(trx);
}

/**
 * Whether the bookings standing leave a place during `at` (its buffer included) for booking `id`,
 * checked in the writing transaction, where no other booking can be written beside it. The place
 * keys below catch two bookings at one start; this catches a booking overlapping another that
 * starts elsewhere, as one made before staff changed the length or buffer may (decision 0071).
 */
async function roomDuring(
  trx: Kysely<DatabaseSchema>,
  id: number,
  at: { startsAt: string; endsAt: string },
  limits: PlaceLimits,
): Promise<boolean> {
  const buffer = limits.bufferMinutes * 60_000;
  const near = await trx
    .selectFrom('bookings')
    .select(['starts_at', 'ends_at'])
    .where('status', '=', 'booked')
    .where('id', '!=', id)
    .where('starts_at', '<', new Date(Date.parse(at.endsAt) + buffer).toISOString())
    .where('ends_at', '>', new Date(Date.parse(at.startsAt) - buffer).toISOString())
    .execute();
  const spans = near.map((row) => ({ start: row.starts_at, end: row.ends_at }));
  return placesHeldDuring(spans, at.startsAt, at.endsAt, limits.bufferMinutes) < limits.placesPerTime;
}

/** Takes the booking's place at its time and in its day, or throws PlaceTaken. */
async function takePlaces(
  trx: Kysely<DatabaseSchema>,
  id: number,
  at: { startsAt: string; endsAt: string; londonDate: string },
  limits: PlaceLimits,
) {
  if (!(await roomDuring(trx, id, at, limits))) throw new PlaceTaken();
  if (!(await takeFirstFreePlace(trx, 'booking_places', at.startsAt, limits.placesPerTime, id))) {
    throw new PlaceTaken();
  }
  if (!(await takeFirstFreePlace(trx, 'booking_day_places', at.londonDate, limits.dailyLimit ?? noDailyLimit, id))) {
    throw new PlaceTaken();
  }
}

/**
 * Frees every place the booking holds. A place at a time staff have blocked goes to the block
 * (decision 0073), in the same transaction, so a block holds its time whole once its bookings go.
 */
async function freePlaces(trx: Kysely<DatabaseSchema>, id: number) {
  const freed = await trx
    .deleteFrom('booking_places')
    .where('booking_id', '=', id)
    .returning(['starts_at', 'place'])
    .execute();
  await trx.deleteFrom('booking_day_places').where('booking_id', '=', id).execute();
  for (const { starts_at, place } of freed) {
    const block = await trx
      .selectFrom('booking_blocks')
      .select('id')
      .where('starts_at', '=', starts_at)
      .executeTakeFirst();
    if (block)
      await trx
        .insertInto('booking_places')
        .values({ starts_at, place, booking_id: null, block_id: block.id })
        .execute();
  }
}

/**
 * What the parent's link may still do (issue 51), checked by the write itself: the booking must
 * start after `startsAfter` (the moment of the write plus the cut-off, so exactly the cut-off
 * before is already too late), and, for a change, the parent's changes must be fewer than
 * `changesBelow`. Staff's moves and cancellations pass none of this.
 */
export interface ParentLink {
  startsAfter: string;
  changesBelow?: number;
}

/**
 * Moves a booking still booked to another time, in the caller's transaction: its SEQUENCE goes
 * up, its old places are freed and the new ones taken under the same keys (throws PlaceTaken, so
 * the transaction rolls back to the old time). Undefined when it was not booked any more, or (a
 * parent's change, `parent`) when inside the cut-off or out of changes; a parent's change counts.
 */
export async function moveBooking(
  trx: Kysely<DatabaseSchema>,
  id: number,
  to: { startsAt: string; endsAt: string; londonDate: string },
  limits: PlaceLimits,
  /** The time it was read at: a move that another has already made meanwhile does nothing (undefined). */
  from?: string,
  parent?: ParentLink,
): Promise<BookingRow | undefined> {
  await oneBookingAtATime(trx);
  const row = await trx
    .updateTable('bookings')
    .set((eb) => ({
      starts_at: to.startsAt,
      ends_at: to.endsAt,
      london_date: to.londonDate,
      sequence: eb('sequence', '+', 1),
      // The reminder belongs to the new time.
      reminded_at: null,
      ...(parent && { changes: eb('changes', '+', 1) }),
    }))
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .$if(from !== undefined, (query) => query.where('starts_at', '=', from!))
    .$if(parent !== undefined, (query) => query.where('starts_at', '>', parent!.startsAfter))
    .$if(parent?.changesBelow !== undefined, (query) => query.where('changes', '<', parent!.changesBelow!))
    .returning(bookingColumns)
    .executeTakeFirst();
  if (!row) return undefined;
  await freePlaces(trx, id);
  await takePlaces(trx, id, to, limits);
  return toBooking(row);
}

/** One booking by its id, whatever its state. */
export async function bookingById(db: Kysely<DatabaseSchema>, id: number): Promise<BookingRow | undefined> {
  const row = await db.selectFrom('bookings').select(bookingColumns).where('id', '=', id).executeTakeFirst();
  return row ? toBooking(row) : undefined;
}

/** The booking a cancel (or change) link's token opens, whatever its state. */
export async function bookingByToken(
  db: Kysely<DatabaseSchema>,
  purpose: 'cancel' | 'change',
  token: string,
): Promise<BookingRow | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(bookingColumns)
    .where(purpose === 'cancel' ? 'cancel_token_hash' : 'change_token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return row ? toBooking(row) : undefined;
}

/**
 * Cancels a booking still booked, in the caller's transaction: its SEQUENCE goes up and its places
 * are freed. Answers the booking as cancelled, or undefined when it was not booked any more (or,
 * by the parent's link, `parent`, when its time is inside the cut-off).
 */
export async function cancelBooking(
  trx: Kysely<DatabaseSchema>,
  id: number,
  now: string,
  parent?: ParentLink,
): Promise<BookingRow | undefined> {
  const row = await trx
    .updateTable('bookings')
    .set((eb) => ({ status: 'cancelled', cancelled_at: now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .$if(parent !== undefined, (query) => query.where('starts_at', '>', parent!.startsAfter))
    .returning(bookingColumns)
    .executeTakeFirst();
  if (!row) return undefined;
  await freePlaces(trx, id);
  return toBooking(row);
}

/** The bookings of these enquiries, for the inbox: its time and whether it still stands. */
export async function bookingsOfEnquiries(
  db: Kysely<DatabaseSchema>,
  enquiryIds: readonly number[],
): Promise<Map<number, BookingRow>> {
  if (enquiryIds.length === 0) return new Map();
  const rows = await db.selectFrom('bookings').select(bookingColumns).where('enquiry_id', 'in', enquiryIds).execute();
  return new Map(rows.map((row) => [row.enquiry_id, toBooking(row)]));
}

/** How long before its time a booking's reminder goes. */
export const reminderAheadMs = 24 * 60 * 60_000;

/**
 * Bookings whose reminder is due at `now`: still booked, not reminded, starting within the next
 * 24 hours, and booked at least 24 hours ahead (a later booking's confirmation is the reminder).
 */
export async function dueReminders(
  db: Kysely<DatabaseSchema>,
  now: Date,
): Promise<(BookingRow & { parentEmail: string })[]> {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('contact_submissions', 'contact_submissions.id', 'bookings.enquiry_id')
    .select([
      'bookings.id',
      'bookings.enquiry_id',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.london_date',
      'bookings.status',
      'bookings.uid',
      'bookings.sequence',
      'bookings.changes',
      'bookings.created_at',
      'contact_submissions.email',
    ])
    .where('bookings.status', '=', 'booked')
    .where('bookings.reminded_at', 'is', null)
    .where('bookings.starts_at', '>', now.toISOString())
    .where('bookings.starts_at', '<=', new Date(now.getTime() + reminderAheadMs).toISOString())
    .execute();
  return rows
    .filter((row) => Date.parse(row.created_at) <= Date.parse(row.starts_at) - reminderAheadMs)
    .map((row) => ({ ...toBooking(row), parentEmail: row.email }));
}

/**
 * Marks a booking reminded, in the transaction that queues its reminder: true for the one call
 * that did, so however many processes look at once, and whatever restarts between, one reminder
 * is queued (the outbox then sends it once).
 */
export async function markReminded(trx: Kysely<DatabaseSchema>, id: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('bookings')
    .set({ reminded_at: now })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
