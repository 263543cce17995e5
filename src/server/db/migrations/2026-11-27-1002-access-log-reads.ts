import type { Kysely } from 'kysely';

/**
 * The access log answers "who has seen this family's details?" and stays bounded (decision 0058,
 * "Budgets and the access log"):
 * - access_log_enquiries: the enquiries an entry showed (a list page, a search, the export, the
 *   Bin), one row each, so the per-enquiry filter finds the entry under every one of them;
 * - access_log.address: where a sign-in (or a refusal) came from, kept as long as the entry;
 * - access_log.repeats and summary_key: past the limit, one summary entry per address and window
 *   stands for the refusals that followed (how many in repeats), instead of one entry each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('access_log').addColumn('address', 'text').execute();
  await db.schema.alterTable('access_log').addColumn('repeats', 'integer').execute();
  await db.schema.alterTable('access_log').addColumn('summary_key', 'text').execute();
  await db.schema.createIndex('access_log_summary').on('access_log').column('summary_key').unique().execute();
  await db.schema
    .createTable('access_log_enquiries')
    .addColumn('entry_id', 'integer', (column) => column.notNull())
    .addColumn('enquiry_id', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('access_log_enquiries_enquiry')
    .on('access_log_enquiries')
    .columns(['enquiry_id', 'entry_id'])
    .execute();
  await db.schema.createIndex('access_log_enquiries_entry').on('access_log_enquiries').column('entry_id').execute();
}
