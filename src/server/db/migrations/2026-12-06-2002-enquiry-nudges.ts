import type { Kysely } from 'kysely';

/**
 * When a New enquiry's nudges were queued (issue 50, decision 0078): the inbox's staff's once it
 * has waited the reply target in opening time, the owners' at four times that. Each is set by the
 * one conditional update that queues its mails, so however many processes look, each is queued once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_submissions').addColumn('nudged_at', 'text').execute();
  await db.schema.alterTable('contact_submissions').addColumn('owners_nudged_at', 'text').execute();
}
