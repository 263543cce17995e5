import { z } from 'zod';
import { londonLocalToUtc } from '../london-time';
import { isStorableInstant, storedDateMessage } from '../stored-dates';

/**
 * The blog post form, used by the admin dialogs (react-hook-form) and by the server (parseInput),
 * so a rule and its message live in one place. Only admin code and the server import this file.
 */
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || '');

/** True when editor HTML holds something a reader would see: text or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return (
    html
      // [^<>] not [^>]: every '<' ends the previous attempt, so the scan is linear (60,000 '<' were seconds).
      .replace(/<[^<>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/** A root-relative path on this site or an https address; nothing that could run script. */
export function isSafeImageSource(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const instantWithZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * When a post appears: a London wall-clock time as a `datetime-local` gives it ('2026-11-23T15:30'),
 * or an ISO instant with its zone for scripts; stored as UTC, within the stored-date rule
 * (stored-dates.ts). Empty (or null) means "no time chosen": the first publication's time, or now
 * (docs/product.md#drafting). Left out of the body, it is `undefined`: the stored time is kept, so
 * a script that never heard of scheduling does not publish a scheduled post by saving it.
 */
const publicationTime = z
  .string({ error: 'Publication time must be text' })
  .trim()
  .max(40, 'Publication time must be a date and time')
  .nullish()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    if (!value) return '';
    const utc = instantWithZone.test(value) ? new Date(value) : new Date(londonLocalToUtc(value) ?? Number.NaN);
    if (Number.isNaN(utc.getTime())) {
      context.addIssue({ code: 'custom', message: 'Publication time must be a date and time' });
      return z.NEVER;
    }
    if (!isStorableInstant(utc)) {
      context.addIssue({ code: 'custom', message: storedDateMessage('Publication time') });
      return z.NEVER;
    }
    return utc.toISOString();
  });

export const blogPostInputSchema = z.object({
  title: required('Title', 200),
  slug: optional('URL slug', 200),
  excerpt: required('Excerpt', 1000),
  content: required('Content', 500_000).refine(hasVisibleContent, 'Content is required'),
  author: required('Author', 120),
  category: required('Category', 80),
  published: z.enum(['true', 'false'], { error: "Status must be 'true' or 'false'" }).default('true'),
  featuredImage: optional('Featured image', 2000).refine(
    (value) => value === '' || isSafeImageSource(value),
    'Featured image must be a path on this site or an https address',
  ),
  tags: optional('Tags', 500),
  metaTitle: optional('Title in search results', 200),
  metaDescription: optional('Description in search results', 500),
  publishedAt: publicationTime,
});

export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;
/** The form's values as the dialog holds them and the browser's local copy keeps them: every field, as text. */
export type BlogPostFormValues = Required<{ [K in keyof BlogPostInput]: NonNullable<BlogPostInput[K]> }>;

/**
 * The form's starting values (docs/product.md#blog-admin): the business's name in use (the site
 * facts) as the author, 'General', published.
 */
export const blogPostFormDefaults = (businessName: string) =>
  ({
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    author: businessName,
    category: 'General',
    published: 'true',
    featuredImage: '',
    tags: '',
    metaTitle: '',
    metaDescription: '',
    publishedAt: '',
  }) as const satisfies BlogPostFormValues;
