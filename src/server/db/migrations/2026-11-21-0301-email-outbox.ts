import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Staff notifications waiting to be e-mailed. A row is written in the same transaction as the
 * enquiry, so a mail outage delays a notification but never loses one (docs/product.md#beyond-the-screens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('submission_id', 'integer')
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    /** 'pending', 'sent', or 'failed' (gave up after the last retry). */
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    /** Set while one worker is sending, so two app instances never send the same mail at once. */
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('email_outbox_due').on('email_outbox').columns(['status', 'next_attempt_at']).execute();
}
