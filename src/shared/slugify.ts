/**
 * docs/product.md#blog-form: lower-case; characters other than letters, digits, spaces and hyphens
 * removed; whitespace runs become a hyphen; repeated hyphens collapsed. Leading and trailing
 * hyphens are trimmed too, so "  Hello! " and "Hello" share one address.
 *
 * "Letters" means ASCII a-z: accents are folded first (café -> cafe) so a slug stays readable in
 * a URL and never needs percent-encoding.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Slugs the API's own paths use after /api/blog/, so no post may take them. */
export const reservedSlugs: readonly string[] = ['search', 'category', 'categories', 'rss', 'feed'];
