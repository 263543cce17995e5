import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/** Enquiries from the assessment and contact forms (docs/product.md#enquiry). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_submissions')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('submission_type', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('telephone', 'text')
    .addColumn('mobile', 'text')
    .addColumn('year_group', 'text')
    .addColumn('email_title', 'text')
    .addColumn('notes', 'text')
    .addColumn('message', 'text')
    .addColumn('reviewed', 'text', (column) => column.notNull().defaultTo('false'))
    .addColumn('submitted_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contact_submissions_submitted_at')
    .on('contact_submissions')
    .columns(['submitted_at', 'id'])
    .execute();
}
