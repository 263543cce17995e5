import type { Kysely } from 'kysely';

/**
 * The Bin (docs/decisions/0036-bin.md): deleting an enquiry, a post or an image sets its
 * deleted_at (ISO time) instead of removing the row, so staff can restore it for 30 days. NULL
 * means "not in the Bin"; every list and look-up outside the Bin reads only those rows. The
 * indexes serve the Bin's list and the daily emptying, which look for the non-NULL ones.
 */
const binned = ['contact_submissions', 'blog_posts', 'images'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of binned) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    await db.schema.createIndex(`${table}_deleted_at`).on(table).column('deleted_at').execute();
  }
}
