import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { BlogPostRevisionsTable, BlogPostsTable, DatabaseSchema } from '../../db/schema';
import { containsText } from '../../db/like';
import { binnableRows } from '../../db/binnable-rows';
import type { Clock } from '../../../shared/clock';

export type BlogPostRow = Selectable<BlogPostsTable>;
export type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;
// Who binned it is written only by moving it to the Bin.
export type BlogPostValues = Omit<BlogPostRow, 'id' | 'deleted_at' | 'deleted_by_account_id' | 'deleted_by_name'>;
export type RevisionRow = Selectable<BlogPostRevisionsTable>;

/** The part of a post a revision keeps. */
export const revisedColumns = ['title', 'excerpt', 'content', 'meta_title', 'meta_description'] as const;
export type RevisedFields = Pick<BlogPostRow, (typeof revisedColumns)[number]>;

/** docs/product.md#drafting: the newest this many earlier versions of each post are kept. */
export const revisionsKept = 20;

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

/**
 * The one rule for what the public sees: published, not in the Bin, and its publication time has
 * come. A post scheduled for later is invisible everywhere (lists, search, categories, its page,
 * related, RSS, sitemap) until then. ISO UTC text compares in time order on both engines.
 */
export function publiclyVisible(eb: ExpressionBuilder<DatabaseSchema, 'blog_posts'>, now: Date) {
  return eb.and([eb('published', '=', 'true'), eb('published_at', '<=', now.toISOString()), notBinned(eb)]);
}

export function createBlogRepo(db: Kysely<DatabaseSchema>, clock: Clock) {
  const visible = (eb: ExpressionBuilder<DatabaseSchema, 'blog_posts'>) => publiclyVisible(eb, clock());

  /** Published posts matching the filter; search wins over category (docs/product.md#blog-list). */
  const published = (filter: PublishedFilter) => {
    let query = db.selectFrom('blog_posts').where(visible);
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
        .where(visible)
        .select(['category', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('category')
        .orderBy('category')
        .execute();
      return rows.map((row) => ({ category: row.category, count: Number(row.count) }));
    },

    findPublishedBySlug(slug: string): Promise<BlogPostRow | undefined> {
      return db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).where(visible).executeTakeFirst();
    },

    async related(post: Pick<BlogPostRow, 'id' | 'category'>, limit: number): Promise<BlogPostSummaryRow[]> {
      return (await db
        .selectFrom('blog_posts')
        .select(summaryColumns)
        .where(visible)
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
        .where(visible)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async publishedSlugs(): Promise<{ slug: string; updated_at: string; published_at: string | null }[]> {
      return db
        .selectFrom('blog_posts')
        .select(['slug', 'updated_at', 'published_at'])
        .where(visible)
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

    /**
     * Writes new values and, in the same transaction, keeps `previous` as a revision when its words
     * differ from the new ones; the oldest beyond `revisionsKept` go. Never a save without its history.
     */
    async update(
      id: number,
      values: Partial<BlogPostValues>,
      previous?: BlogPostRow,
    ): Promise<BlogPostRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('blog_posts')
          .set(values)
          .where('id', '=', id)
          .where(notBinned)
          .returningAll()
          .executeTakeFirst();
        if (!row || !previous || revisedColumns.every((column) => previous[column] === row[column])) return row;
        await trx
          .insertInto('blog_post_revisions')
          .values({
            post_id: id,
            ...Object.fromEntries(revisedColumns.map((column) => [column, previous[column]])),
            saved_at: previous.updated_at,
          } as Omit<RevisionRow, 'id'>)
          .execute();
        await trx
          .deleteFrom('blog_post_revisions')
          .where('post_id', '=', id)
          .where(
            'id',
            'not in',
            trx
              .selectFrom('blog_post_revisions')
              .select('id')
              .where('post_id', '=', id)
              .orderBy('id', 'desc')
              .limit(revisionsKept),
          )
          .execute();
        return row;
      });
    },

    /** A post's earlier versions, newest first, without their bodies. */
    revisions(postId: number) {
      return db
        .selectFrom('blog_post_revisions')
        .select(['id', 'title', 'saved_at'])
        .where('post_id', '=', postId)
        .orderBy('id', 'desc')
        .execute();
    },

    findRevision(postId: number, revisionId: number): Promise<RevisionRow | undefined> {
      return db
        .selectFrom('blog_post_revisions')
        .selectAll()
        .where('post_id', '=', postId)
        .where('id', '=', revisionId)
        .executeTakeFirst();
    },

    /**
     * The earliest publication time still to come, if any: the page cache keys on it so that
     * pages rendered before a scheduled post appears are not served after (rendering/pages.ts).
     */
    async nextScheduledAt(): Promise<string | null> {
      const row = await db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.min('published_at').as('next'))
        .where('published', '=', 'true')
        .where('published_at', '>', clock().toISOString())
        .where(notBinned)
        .executeTakeFirst();
      return (row?.next as string | null | undefined) ?? null;
    },

    ...binnableRows(db, 'blog_posts', ['title', 'slug'], clock),

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

    /**
     * Deletes a post for good (the Bin's "delete for good" and its emptying); its revisions go with
     * it, as the foreign key cascades (SQLite runs with foreign_keys on).
     */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogRepo = ReturnType<typeof createBlogRepo>;
