/**
 * The blog's shared vocabulary: what the API answers and what the pages read. No zod here, so
 * public pages that import it carry no validation library (the form schema is in schemas.ts).
 */
import { londonTimeZone } from '../london-time';

export type PublishedFlag = 'true' | 'false';

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML. */
  content: string;
  author: string;
  category: string;
  /** Comma-separated, as docs/product.md#blog-post-fields has it. */
  tags: string | null;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  published: PublishedFlag;
  createdAt: string;
  publishedAt: string | null;
  updatedAt: string;
}

/** An earlier version of a post (docs/product.md#drafting): listed by title and when it was saved. */
export interface BlogRevision {
  id: number;
  title: string;
  savedAt: string;
}

export type PostStatus = 'Published' | 'Scheduled' | 'Draft';

/** What the admin list calls a post: published with a time still to come is Scheduled. */
export function postStatus(post: Pick<BlogPost, 'published' | 'publishedAt'>, now: Date): PostStatus {
  if (post.published !== 'true') return 'Draft';
  return post.publishedAt && Date.parse(post.publishedAt) > now.getTime() ? 'Scheduled' : 'Published';
}

/** A post as the public lists show it: everything but the body, which a card never needs. */
export type BlogPostSummary = Omit<BlogPost, 'content'>;

export interface BlogListQuery {
  q?: string;
  category?: string;
  page?: number;
}

export interface BlogPage {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface BlogCategoryCount {
  category: string;
  count: number;
}

/** docs/product.md#constants. */
export const blogPageSize = 6;
export const relatedPostLimit = 3;
export const blogFeedPath = '/blog/rss.xml';
/** The feed's name, as the feed and the pages' link to it say it. */
export const blogFeedTitle = (businessName: string) => `${businessName} Blog`;

/** Splits the stored comma-separated tags into clean, distinct labels. */
export function tagList(tags: string | null | undefined): string[] {
  if (!tags) return [];
  const seen = new Set<string>();
  for (const tag of tags.split(',')) {
    const trimmed = tag.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** '21 November 2026', en-GB, in UK time (the centre's readers are in Teesside). */
export function formatPostDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: londonTimeZone,
  }).format(new Date(iso));
}

/** '21 Nov 2026, 14:05', en-GB day, short month, year and hh:mm (docs/product.md#blog-admin). */
export function formatPostDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: londonTimeZone,
  }).format(new Date(iso));
}

/** Reads ?q=&category=&page= with the list's precedence: search, then category, then all. */
export function parseBlogListQuery(
  searchParams: URLSearchParams,
): Required<Pick<BlogListQuery, 'page'>> & BlogListQuery {
  const q = searchParams.get('q')?.trim() ?? '';
  const category = searchParams.get('category')?.trim() ?? '';
  const pageNumber = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    page: Number.isFinite(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 10_000) : 1,
  };
}

/** The /blog address for a filter; page 1 and empty filters are left out so each list has one URL. */
export function blogListHref(query: BlogListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/blog?${search}` : '/blog';
}
