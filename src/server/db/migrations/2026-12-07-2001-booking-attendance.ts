import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Attended or No-show on "Upcoming assessments" (issue 50, decisions 0073 and 0078):
 * - on `bookings`, the mark standing now ('attended' | 'no-show', null until staff mark it), when
 *   it was made and by whom (the account, null for the admin key or a token, and the name then).
 * - `booking_attendance_marks`: every mark and change of mark, with who and when, going with its
 *   booking (cascade), and so with its enquiry, whose deletion deletes the booking.
 * Nullable columns and a new table only: the release before runs on this schema unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['attendance', 'attendance_at', 'attendance_by_name'])
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  await db.schema.alterTable('bookings').addColumn('attendance_by_account_id', 'integer').execute();

  await db.schema
    .createTable('booking_attendance_marks')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('booking_id', 'integer', (column) => column.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('from_attendance', 'text')
    .addColumn('to_attendance', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('by_account_id', 'integer')
    .addColumn('by_name', 'text')
    .execute();
  await db.schema
    .createIndex('booking_attendance_marks_booking')
    .on('booking_attendance_marks')
    .columns(['booking_id', 'id'])
    .execute();
}
