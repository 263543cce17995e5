import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Issue 51's waiting list and the no-show's "shall we find another time?" mail:
 * - `booking_waitlist`: a family waiting for a free time between two London dates, as an enquiry
 *   (the family's details live once, there; the entry goes with it). `offered` is 'true' once the
 *   family has been told of free times in its period, and goes back to 'false' when the period is
 *   full again, so each freeing is told once. The claim link's token is kept as its hash.
 * - `bookings.rebook_mailed_at` / `_by_name`: when staff sent a family that missed its assessment
 *   the one "shall we find another time?" mail, and who.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_waitlist')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('enquiry_id', 'integer', (column) =>
      column.notNull().references('contact_submissions.id').onDelete('cascade'),
    )
    .addColumn('from_date', 'text', (column) => column.notNull())
    .addColumn('to_date', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('waiting'))
    .addColumn('offered', 'text', (column) => column.notNull().defaultTo('false'))
    .addColumn('offered_at', 'text')
    .addColumn('claim_token_hash', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('booking_waitlist_waiting')
    .on('booking_waitlist')
    .columns(['status', 'to_date', 'id'])
    .execute();
  await db.schema.createIndex('booking_waitlist_enquiry').on('booking_waitlist').column('enquiry_id').execute();
  await db.schema
    .createIndex('booking_waitlist_claim')
    .on('booking_waitlist')
    .column('claim_token_hash')
    .unique()
    .where('claim_token_hash', 'is not', null)
    .execute();
  await db.schema.alterTable('bookings').addColumn('rebook_mailed_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('rebook_mailed_by_name', 'text').execute();
}
