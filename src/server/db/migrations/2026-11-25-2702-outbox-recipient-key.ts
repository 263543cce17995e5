import type { Kysely } from 'kysely';

/**
 * email_outbox.recipient_key: the recipient in the one canonical form (decision 0047), so the
 * one-confirmation-per-address-per-day check counts `Victim@`, `victim+1@` and `v.ictim@` on Gmail
 * as one mailbox. NULL on rows written before it (and on staff notifications, which are not counted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('recipient_key', 'text').execute();
  await db.schema
    .createIndex('email_outbox_recipient_key')
    .on('email_outbox')
    .columns(['recipient_key', 'kind'])
    .execute();
}
