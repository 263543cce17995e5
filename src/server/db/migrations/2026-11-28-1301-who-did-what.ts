import type { Kysely } from 'kysely';

/**
 * Who did what in the inbox (issue 38, decision 0066): each is the acting account's id (null for
 * the admin key or an API token) and the name it went by then (the key's or the token's name).
 * Rows from before this keep nulls, and the admin shows no name for them rather than a guess.
 * - staff_notes: the note's author;
 * - contact_submissions: who marked it reviewed and when, who marked it replied and when;
 * - contact_submissions, blog_posts, images: who moved it to the Bin (deleted_at says when).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_notes').addColumn('author_account_id', 'integer').execute();
  await db.schema.alterTable('staff_notes').addColumn('author_name', 'text').execute();
  for (const column of [
    'reviewed_at',
    'reviewed_by_account_id',
    'reviewed_by_name',
    'replied_at',
    'replied_by_account_id',
    'replied_by_name',
  ]) {
    const type = column.endsWith('_account_id') ? 'integer' : 'text';
    await db.schema.alterTable('contact_submissions').addColumn(column, type).execute();
  }
  for (const table of ['contact_submissions', 'blog_posts', 'images']) {
    await db.schema.alterTable(table).addColumn('deleted_by_account_id', 'integer').execute();
    await db.schema.alterTable(table).addColumn('deleted_by_name', 'text').execute();
  }
}
