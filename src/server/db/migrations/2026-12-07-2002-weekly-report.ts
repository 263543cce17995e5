import type { Kysely } from 'kysely';

/**
 * The Monday report (issue 50, decision 0079):
 * - `weekly_reports`: one row per week sent, keyed by the Monday it was sent for. Queuing the
 *   week's mails inserts the row in the same transaction, so of every process and instance only
 *   one queues them, once, across restarts.
 * - `staff_accounts.weekly_report`: 'true' until the owner opts out on Insights.
 * - `email_outbox.html`: an HTML part sent beside the text (the report's tables); null for other mail.
 * - `bookings_enquiry`: the funnel reads which enquiries booked their own time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weekly_reports')
    .addColumn('week', 'text', (column) => column.primaryKey())
    .addColumn('queued_at', 'text', (column) => column.notNull())
    .addColumn('recipients', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .alterTable('staff_accounts')
    .addColumn('weekly_report', 'text', (column) => column.notNull().defaultTo('true'))
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('html', 'text').execute();
  await db.schema.createIndex('bookings_enquiry').on('bookings').column('enquiry_id').execute();
}
