import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Booked free assessments (issue 41, decision 0071). A booking is an enquiry with a time:
 * - `bookings`: the time (UTC instants, and its London date), booked or cancelled, the calendar
 *   event's UID for life and its SEQUENCE, and the SHA-256 of the parent's cancel and change links
 *   (never the links themselves). Goes with its enquiry (cascade).
 * - `booking_places`: one row per place a booking holds at its start time. The primary key
 *   (starts_at, place) is what stops a double booking: a booking inserts the first free place
 *   1..placesPerTime inside its transaction, and two bookings can never hold the same one.
 * - `booking_day_places`: the same for the daily limit, numbered per London date.
 * Cancelling deletes the booking's places, so the time is free again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('enquiry_id', 'integer', (column) =>
      column.notNull().unique().references('contact_submissions.id').onDelete('cascade'),
    )
    .addColumn('starts_at', 'text', (column) => column.notNull())
    .addColumn('ends_at', 'text', (column) => column.notNull())
    .addColumn('london_date', 'text', (column) => column.notNull())
    /** 'booked' or 'cancelled'. */
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('booked'))
    .addColumn('uid', 'text', (column) => column.notNull().unique())
    .addColumn('sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('cancel_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('change_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('cancelled_at', 'text')
    /** Set when the reminder was queued: the one reminder per booking. */
    .addColumn('reminded_at', 'text')
    .execute();
  await db.schema.createIndex('bookings_starts_at').on('bookings').columns(['status', 'starts_at']).execute();
  await db.schema
    .createTable('booking_places')
    .addColumn('starts_at', 'text', (column) => column.notNull())
    .addColumn('place', 'integer', (column) => column.notNull())
    .addColumn('booking_id', 'integer', (column) => column.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_places_key', ['starts_at', 'place'])
    .execute();
  await db.schema.createIndex('booking_places_booking').on('booking_places').column('booking_id').execute();
  await db.schema
    .createTable('booking_day_places')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('place', 'integer', (column) => column.notNull())
    .addColumn('booking_id', 'integer', (column) => column.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_day_places_key', ['day', 'place'])
    .execute();
  await db.schema.createIndex('booking_day_places_booking').on('booking_day_places').column('booking_id').execute();
}
