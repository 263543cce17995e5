import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * The enquiry workflow (decision 0033):
 * - staff_notes: what staff write about an enquiry, kept apart from the parent's own words. Rows go
 *   with their enquiry, in the same transaction (decision 0018), so no foreign key is needed to
 *   keep them from outliving it;
 * - email_outbox.kind: which mail a row is, so the inbox can show the staff notification's status
 *   while the parent's confirmation (decision 0032) rides the same outbox. Existing rows are all
 *   staff notifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_notes')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('submission_id', 'integer', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('staff_notes_submission').on('staff_notes').columns(['submission_id', 'id']).execute();

  await db.schema
    .alterTable('email_outbox')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('staff-notification'))
    .execute();
  await db.schema
    .createIndex('email_outbox_submission')
    .on('email_outbox')
    .columns(['submission_id', 'kind'])
    .execute();
  // The one-confirmation-per-address-per-day check runs inside every enquiry's transaction.
  await db.schema.createIndex('email_outbox_recipient').on('email_outbox').columns(['recipient', 'kind']).execute();
}
