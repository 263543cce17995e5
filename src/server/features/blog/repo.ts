import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { BlogPostsTable, DatabaseSchema } from '../../db/schema';
import { containsText } from '../../db/like';

export type BlogPostRow = Selectable<BlogPostsTable>;
export type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;
export type BlogPostValues = Omit<BlogPostRow, 'id' | 'deleted_at'>;

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

/** The one "not in the Bin" rule: every read and change outside the Bin sees only these rows. */
const notBinned = (eb: ExpressionBuilder<DatabaseSchema, 'blog_posts'>) => eb('deleted_at', 'is', null);

export function createBlogRepo(db: Kysely<DatabaseSchema>) {
  /** Published posts matching the filter; search wins over category (docs/product.md#blog-list). */
  const published = (filter: PublishedFilter) => {
    let query = db.selectFrom('blog_posts').where('published', '=', 'true').where(notBinned);
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
        .where(notBinned)
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
        .where(notBinned)
        .executeTakeFirst();
    },

    async related(post: Pick<BlogPostRow, 'id' | 'category'>, limit: number): Promise<BlogPostSummaryRow[]> {
      return (await db
        .selectFrom('blog_posts')
        .select(summaryColumns)
        .where('published', '=', 'true')
        .where(notBinned)
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
        .where(notBinned)
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
        .where(notBinned)
        .orderBy('published_at', 'desc')
        .execute();
    },

    /** Every post, drafts too, newest first: the admin list. */
    listAll(): Promise<BlogPostRow[]> {
      return db
        .selectFrom('blog_posts')
        .selectAll()
        .where(notBinned)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    findById(id: number): Promise<BlogPostRow | undefined> {
      return db.selectFrom('blog_posts').selectAll().where('id', '=', id).where(notBinned).executeTakeFirst();
    },

    async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async slugInBin(slug: string): Promise<boolean> {
      const row = await db
        .selectFrom('blog_posts')
        .select('id')
        .where('slug', '=', slug)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: BlogPostValues): Promise<BlogPostRow> {
      return db.insertInto('blog_posts').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: Partial<BlogPostValues>): Promise<BlogPostRow | undefined> {
      return db
        .updateTable('blog_posts')
        .set(values)
        .where('id', '=', id)
        .where(notBinned)
        .returningAll()
        .executeTakeFirst();
    },

    /** Moves a post to the Bin; false when there is no such post outside it. Its slug stays taken. */
    async bin(id: number, now: Date = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('blog_posts')
        .set({ deleted_at: now.toISOString() })
        .where('id', '=', id)
        .where(notBinned)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes a post out of the Bin; false when it is not in the Bin. */
    async restore(id: number): Promise<boolean> {
      const result = await db
        .updateTable('blog_posts')
        .set({ deleted_at: null })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The binned posts, most recently binned first; `before` keeps those binned earlier than it, `id` that one. */
    binned({ before, id }: { before?: Date; id?: number } = {}) {
      let query = db
        .selectFrom('blog_posts')
        .select(['id', 'title', 'slug', 'deleted_at'])
        .where('deleted_at', 'is not', null);
      if (before) query = query.where('deleted_at', '<', before.toISOString());
      if (id !== undefined) query = query.where('id', '=', id);
      return query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
    },

    /**
     * Posts outside the Bin whose content or featured image points into an image's folder
     * (`/images/{id}/`, any size or version of it), for the warning before it is deleted.
     */
    usingImage(imageId: number): Promise<{ id: number; title: string }[]> {
      const folder = `/images/${imageId}/`;
      return db
        .selectFrom('blog_posts')
        .select(['id', 'title'])
        .where(notBinned)
        .where((eb) =>
          eb.or([
            containsText(eb.ref('content'), folder),
            containsText(sql`coalesce(${sql.ref('featured_image')}, '')`, folder),
          ]),
        )
        .orderBy('title')
        .orderBy('id')
        .execute();
    },

    /** Deletes a post for good (the Bin's "delete for good" and its emptying). */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepo = ReturnType<typeof createBlogRepo>;
