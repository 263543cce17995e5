import type { Kysely } from 'kysely';

/**
 * email_outbox.calendar and calendar_method: an iCalendar message a mail carries beside its text
 * (a booking's invitation or cancellation, decision 0071), sent as a text/calendar alternative
 * with its METHOD and as an .ics attachment. NULL for every other mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('calendar', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('calendar_method', 'text').execute();
}
