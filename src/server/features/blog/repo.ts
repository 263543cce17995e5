import { type Kysely, type Selectable, sql } from 'kysely';
import type { BlogPostsTable, DatabaseSchema } from '../../db/schema';
import { containsText } from '../../db/like';

export type BlogPostRow = Selectable<BlogPostsTable>;
export type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;
export type BlogPostValues = Omit<BlogPostRow, 'id'>;

const summaryColumns = [
  'id',
  'slug',
  'title',
  'excerpt',
  'author',
  'category',
  'tags',
  'featured_image',
  'meta_title',
  'meta_description',
  'published',
  'created_at',
  'published_at',
  'updated_at',
] as const;

export interface PublishedFilter {
  q?: string;
  category?: string;
}

export function createBlogRepo(db: Kysely<DatabaseSchema>) {
  /** Published posts matching the filter; search wins over category (docs/product.md#blog-list). */
  const published = (filter: PublishedFilter) => {
    let query = db.selectFrom('blog_posts').where('published', '=', 'true');
    if (filter.q) {
      const q = filter.q;
      query = query.where((eb) =>
        eb.or(
          (['title', 'excerpt', 'tags', 'category'] as const).map((column) =>
            containsText(sql`coalesce(${sql.ref(column)}, '')`, q),
          ),
        ),
      );
    } else if (filter.category) {
      query = query.where('category', '=', filter.category);
    }
    return query;
  };

  return {
    async listPublished(filter: PublishedFilter, page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        published(filter)
          .select(summaryColumns)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        published(filter)
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as BlogPostSummaryRow[], total: Number(count.total) };
    },

    async categories() {
      const rows = await db
        .selectFrom('blog_posts')
        .where('published', '=', 'true')
        .select(['category', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('category')
        .orderBy('category')
        .execute();
      return rows.map((row) => ({ category: row.category, count: Number(row.count) }));
    },

    findPublishedBySlug(slug: string): Promise<BlogPostRow | undefined> {
      return db
        .selectFrom('blog_posts')
        .selectAll()
        .where('slug', '=', slug)
        .where('published', '=', 'true')
        .executeTakeFirst();
    },

    async related(post: Pick<BlogPostRow, 'id' | 'category'>, limit: number): Promise<BlogPostSummaryRow[]> {
      return (await db
        .selectFrom('blog_posts')
        .select(summaryColumns)
        .where('published', '=', 'true')
        .where('category', '=', post.category)
        .where('id', '!=', post.id)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()) as BlogPostSummaryRow[];
    },

    /** Newest published first, for the feed and the sitemap. */
    async recentPublished(limit: number): Promise<BlogPostRow[]> {
      return db
        .selectFrom('blog_posts')
        .selectAll()
        .where('published', '=', 'true')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async publishedSlugs(): Promise<{ slug: string; updated_at: string }[]> {
      return db
        .selectFrom('blog_posts')
        .select(['slug', 'updated_at'])
        .where('published', '=', 'true')
        .orderBy('published_at', 'desc')
        .execute();
    },

    /** Every post, drafts too, newest first: the admin list. */
    listAll(): Promise<BlogPostRow[]> {
      return db.selectFrom('blog_posts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    findById(id: number): Promise<BlogPostRow | undefined> {
      return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(values: BlogPostValues): Promise<BlogPostRow> {
      return db.insertInto('blog_posts').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: Partial<BlogPostValues>): Promise<BlogPostRow | undefined> {
      return db.updateTable('blog_posts').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepo = ReturnType<typeof createBlogRepo>;
