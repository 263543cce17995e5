import type { Kysely } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Blog posts (docs/product.md#blog-post-fields). The indexes serve the public list's three queries, newest
 * published first: all posts, one category, and the related posts on a post page. Search scans
 * the published rows, which stays fast for thousands of posts (see scripts/bench-blog.mjs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('excerpt', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('author', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) => column.notNull())
    .addColumn('tags', 'text')
    .addColumn('featured_image', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('published', 'text', (column) => column.notNull().defaultTo('false'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('published_at', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('blog_posts_published_list')
    .on('blog_posts')
    .columns(['published', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('blog_posts_category_list')
    .on('blog_posts')
    .columns(['published', 'category', 'published_at', 'id'])
    .execute();
  await db.schema.createIndex('blog_posts_created').on('blog_posts').columns(['created_at', 'id']).execute();
}
