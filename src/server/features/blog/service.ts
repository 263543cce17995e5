import { type BlogPostData, hasVisibleContent } from '../../../shared/blog/schemas';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  type BlogCategoryCount,
  type BlogPage,
  type BlogPost,
  type BlogPostSummary,
  type BlogRevision,
  relatedPostLimit,
} from '../../../shared/blog/blog';
import { reservedSlugs, slugify } from '../../../shared/slugify';
import { badRequest, conflict, notFound } from '../../errors';
import type { BlogPostRow, BlogPostSummaryRow, BlogRepo } from './repo';
import { sanitizePostHtml } from './sanitize';
import type { Clock } from '../../../shared/clock';
import type { ActingStaff } from '../../auth/principal';

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

const slugClash = (slug: string) =>
  conflict(`A post with the URL slug "${slug}" already exists. Choose another slug or title.`, 'slug');

// A binned post keeps its slug so that restoring it can never clash (docs/decisions/0036-bin.md).
const slugInBin = (slug: string) =>
  conflict(
    `A deleted post in the Bin still has the URL slug "${slug}". Restore it, delete it for good, or choose another slug.`,
    'slug',
  );

/** The minute a time shows as in the form: a save that did not touch it must not lose its seconds. */
const sameMinute = (a: string, b: string) => a.slice(0, 16) === b.slice(0, 16);

/**
 * When the post appears (docs/product.md#drafting): the time staff chose; else, when they cleared
 * the field (`''`), the first publication's time if the post has already appeared, or now if it
 * is published now (so a scheduled post is published when saved: "publish now"), or none for a
 * draft; when the body left the field out (`undefined`), the stored time, or now on a first
 * publication. A draft may carry a chosen time; it counts once the post is published.
 */
function publicationTime(
  chosen: string | undefined,
  existing: string | null,
  published: string,
  now: string,
): string | null {
  if (chosen) return existing && sameMinute(chosen, existing) ? existing : chosen;
  const publishNow = published === 'true' ? now : null;
  if (existing === null) return publishNow;
  // Cleared on a post that has not appeared yet: the scheduled time is dropped, not kept.
  if (chosen === '' && existing > now) return publishNow;
  return existing;
}

export function createBlogService(repo: BlogRepo, clock: Clock) {
  /** Sanitises a validated post (blogPostInputSchema); a 400 names the field at fault. */
  function clean(data: BlogPostData) {
    const content = sanitizePostHtml(data.content);
    if (!hasVisibleContent(content)) throw badRequest('Content is required', 'content');
    const field = data.slug ? 'slug' : 'title';
    const slug = slugify(data.slug || data.title);
    if (!slug) throw badRequest('The URL slug needs at least one letter or digit', field);
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

  /** Sanitises and settles the slug of a post about to be saved; a 409 names the field at fault. */
  async function prepare(data: BlogPostData, exceptId?: number) {
    const values = clean(data);
    const { slug } = values;
    if (reservedSlugs.includes(slug)) throw conflict(`"${slug}" is reserved by the site. Choose another slug.`, 'slug');
    if (await repo.slugTaken(slug, exceptId)) throw (await repo.slugInBin(slug)) ? slugInBin(slug) : slugClash(slug);
    return values;
  }

  async function existingPost(id: number) {
    const existing = await repo.findById(id);
    if (!existing) throw notFound(`There is no blog post with id ${id}.`);
    return existing;
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

    /** The related list a post would show, whether or not it is public yet (for its preview). */
    async relatedTo(post: BlogPost): Promise<BlogPostSummary[]> {
      return (await repo.related(post, relatedPostLimit)).map(toSummary);
    },

    async adminList(): Promise<BlogPost[]> {
      return (await repo.listAll()).map(toPost);
    },

    async create(data: BlogPostData): Promise<BlogPost> {
      const values = await prepare(data);
      const now = clock().toISOString();
      const row = await guardSlug(values.slug, () =>
        repo.insert({
          ...values,
          created_at: now,
          updated_at: now,
          published_at: publicationTime(data.publishedAt, null, values.published, now),
        }),
      );
      return toPost(row);
    },

    async update(id: number, data: BlogPostData): Promise<BlogPost> {
      const existing = await existingPost(id);
      const values = await prepare(data, id);
      const now = clock().toISOString();
      const row = await guardSlug(values.slug, () =>
        repo.update(
          id,
          {
            ...values,
            updated_at: now,
            // Kept from the first publication unless staff chose another: republishing does not re-date a post.
            published_at: publicationTime(data.publishedAt, existing.published_at, values.published, now),
          },
          existing,
        ),
      );
      if (!row) throw notFound(`There is no blog post with id ${id}.`);
      return toPost(row);
    },

    /**
     * The post as it would be with the form's values, saved or not: what the preview renders. The
     * slug may clash (nothing is written); an unsaved post has id 0.
     */
    async preview(data: BlogPostData, id?: number): Promise<BlogPost> {
      const existing = id === undefined ? undefined : await existingPost(id);
      const values = clean(data);
      const now = clock().toISOString();
      return toPost({
        ...values,
        id: existing?.id ?? 0,
        deleted_by_account_id: null,
        deleted_by_name: null,
        created_at: existing?.created_at ?? now,
        updated_at: now,
        published_at: publicationTime(data.publishedAt, existing?.published_at ?? null, 'true', now),
        deleted_at: null,
      });
    },

    /** A saved post as it stands, drafts and scheduled ones too (staff only). */
    async savedPost(id: number): Promise<BlogPost> {
      return toPost(await existingPost(id));
    },

    async revisions(id: number): Promise<BlogRevision[]> {
      await existingPost(id);
      return (await repo.revisions(id)).map((row) => ({ id: row.id, title: row.title, savedAt: row.saved_at }));
    },

    /** Puts an earlier version's words back; what it replaces becomes a revision in turn, so a restore can be undone. */
    async restoreRevision(id: number, revisionId: number): Promise<BlogPost> {
      const existing = await existingPost(id);
      const revision = await repo.findRevision(id, revisionId);
      if (!revision) throw notFound(`There is no revision ${revisionId} of blog post ${id}.`);
      const row = await repo.update(
        id,
        {
          title: revision.title,
          excerpt: revision.excerpt,
          content: revision.content,
          meta_title: revision.meta_title,
          meta_description: revision.meta_description,
          updated_at: clock().toISOString(),
        },
        existing,
      );
      if (!row) throw notFound(`There is no blog post with id ${id}.`);
      return toPost(row);
    },

    /** Moves the post to the Bin (docs/decisions/0036-bin.md): off the site at once, restorable for 30 days. */
    async delete(id: number, by: ActingStaff): Promise<void> {
      if (!(await repo.bin(id, by))) throw notFound(`There is no blog post with id ${id}.`);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
