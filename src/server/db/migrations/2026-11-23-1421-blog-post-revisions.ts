import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Earlier versions of each post (docs/product.md#drafting): a save keeps what it replaced, so staff can restore
 * it. Only the words are kept (title, excerpt, content, meta), bounded per post by the blog
 * service; they go when the post itself is deleted for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blog_post_revisions')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('post_id', 'integer', (column) => column.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('excerpt', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    /** When this version was saved (the post's updated_at then). */
    .addColumn('saved_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('blog_post_revisions_post')
    .on('blog_post_revisions')
    .columns(['post_id', 'id'])
    .execute();
}
