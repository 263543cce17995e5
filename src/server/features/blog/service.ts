import { type BlogPostData, hasVisibleContent } from '../../../shared/blog-schemas';
import {
  type BlogCategoryCount,
  type BlogPage,
  type BlogPost,
  type BlogPostSummary,
  relatedPostLimit,
} from '../../../shared/blog';
import { reservedSlugs, slugify } from '../../../shared/slugify';
import { badRequest, conflict, notFound } from '../../errors';
import type { BlogPostRow, BlogPostSummaryRow, BlogRepo } from './repo';
import { sanitizePostHtml } from './sanitize';

export function toSummary(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    category: row.category,
    tags: row.tags,
    featuredImage: row.featured_image,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    published: row.published === 'true' ? 'true' : 'false',
    createdAt: row.created_at,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  };
}

/** Sanitised again on the way out: a row written before a rule tightened can still not run script. */
export const toPost = (row: BlogPostRow): BlogPost => ({ ...toSummary(row), content: sanitizePostHtml(row.content) });

/** Unique-constraint errors from either engine, for the race where two saves take one slug. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

const slugClash = (slug: string) =>
  conflict(`A post with the URL slug "${slug}" already exists. Choose another slug or title.`, 'slug');

// A binned post keeps its slug so that restoring it can never clash (docs/decisions/0036-bin.md).
const slugInBin = (slug: string) =>
  conflict(
    `A deleted post in the Bin still has the URL slug "${slug}". Restore it, delete it for good, or choose another slug.`,
    'slug',
  );

export function createBlogService(repo: BlogRepo) {
  /**
   * Sanitises and settles the slug of a post the route has validated (blogPostInputSchema); the
   * 400s and 409s name the field at fault. Content that sanitising empties counts as missing.
   */
  async function prepare(data: BlogPostData, exceptId?: number) {
    const content = sanitizePostHtml(data.content);
    if (!hasVisibleContent(content)) throw badRequest('Content is required', 'content');
    const field = data.slug ? 'slug' : 'title';
    const slug = slugify(data.slug || data.title);
    if (!slug) throw badRequest('The URL slug needs at least one letter or digit', field);
    if (reservedSlugs.includes(slug)) throw conflict(`"${slug}" is reserved by the site. Choose another slug.`, 'slug');
    if (await repo.slugTaken(slug, exceptId)) throw (await repo.slugInBin(slug)) ? slugInBin(slug) : slugClash(slug);
    return {
      slug,
      title: data.title,
      excerpt: data.excerpt,
      content,
      author: data.author,
      category: data.category,
      tags: data.tags || null,
      featured_image: data.featuredImage || null,
      meta_title: data.metaTitle || null,
      meta_description: data.metaDescription || null,
      published: data.published,
    };
  }

  const guardSlug = async <T>(slug: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugClash(slug);
      throw error;
    }
  };

  return {
    async listPublished(filter: { q?: string; category?: string }, page: number, pageSize: number): Promise<BlogPage> {
      const { rows, total } = await repo.listPublished(filter, page, pageSize);
      return { posts: rows.map(toSummary), total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
    },

    categories: (): Promise<BlogCategoryCount[]> => repo.categories(),

    /** A published post, or null: drafts and unknown slugs are the same to the public. */
    async publishedPost(slug: string): Promise<BlogPost | null> {
      const row = await repo.findPublishedBySlug(slug);
      return row ? toPost(row) : null;
    },

    async related(slug: string): Promise<BlogPostSummary[] | null> {
      const row = await repo.findPublishedBySlug(slug);
      return row ? (await repo.related(row, relatedPostLimit)).map(toSummary) : null;
    },

    async adminList(): Promise<BlogPost[]> {
      return (await repo.listAll()).map(toPost);
    },

    async create(data: BlogPostData): Promise<BlogPost> {
      const values = await prepare(data);
      const now = new Date().toISOString();
      const row = await guardSlug(values.slug, () =>
        repo.insert({
          ...values,
          created_at: now,
          updated_at: now,
          published_at: values.published === 'true' ? now : null,
        }),
      );
      return toPost(row);
    },

    async update(id: number, data: BlogPostData): Promise<BlogPost> {
      const existing = await repo.findById(id);
      if (!existing) throw notFound(`There is no blog post with id ${id}.`);
      const values = await prepare(data, id);
      const now = new Date().toISOString();
      const row = await guardSlug(values.slug, () =>
        repo.update(id, {
          ...values,
          updated_at: now,
          // Kept from the first publication: unpublishing and republishing does not re-date a post.
          published_at: existing.published_at ?? (values.published === 'true' ? now : null),
        }),
      );
      if (!row) throw notFound(`There is no blog post with id ${id}.`);
      return toPost(row);
    },

    /** Moves the post to the Bin (docs/decisions/0036-bin.md): off the site at once, restorable for 30 days. */
    async delete(id: number): Promise<void> {
      if (!(await repo.bin(id))) throw notFound(`There is no blog post with id ${id}.`);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
