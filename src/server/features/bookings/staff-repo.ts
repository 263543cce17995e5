import type { Kysely } from 'kysely';
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
}

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
