import { Search, X } from '../../components/icons';
import { type BlogCategoryCount, type BlogListQuery, blogListHref } from '../../../shared/blog/blog';

const chip = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold';

/**
 * Search box, category buttons and the active filters. Each is a real link or a GET form, so the
 * list works (and is crawlable) without JavaScript; with it, they navigate in place like every
 * link (decision 0052). Every change goes back to page 1 (docs/product.md#blog-list).
 */
export function BlogFilters({ query, categories }: { query: BlogListQuery; categories: readonly BlogCategoryCount[] }) {
  return (
    <div className="space-y-5">
      <form role="search" action="/blog" method="get" className="flex max-w-xl gap-2">
        <label htmlFor="blog-search" className="sr-only">
          Search articles
        </label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-3.5 h-4 w-4 text-slate-500" aria-hidden="true" />
          <input
            id="blog-search"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder="Search articles..."
            maxLength={200}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white py-2 pl-9 pr-3 text-slate-900"
          />
        </div>
        {query.category && <input type="hidden" name="category" value={query.category} />}
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800"
        >
          Search
        </button>
      </form>

      {categories.length > 0 && (
        <nav aria-label="Blog categories" className="flex flex-wrap gap-2">
          <a
            href={blogListHref({ q: query.q })}
            aria-current={!query.category ? 'page' : undefined}
            className={`${chip} ${!query.category ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            All
          </a>
          {categories.map(({ category }) => {
            const active = query.category === category;
            return (
              <a
                key={category}
                href={blogListHref({ q: query.q, category })}
                aria-current={active ? 'page' : undefined}
                className={`${chip} ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
              >
                {category}
              </a>
            );
          })}
        </nav>
      )}

      <ActiveFilters query={query} />
    </div>
  );
}

function ActiveFilters({ query }: { query: BlogListQuery }) {
  if (!query.q && !query.category) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      <span className="text-sm font-medium text-slate-700">Active filters:</span>
      {query.q && (
        <a
          href={blogListHref({ category: query.category })}
          className="inline-flex min-h-9 items-center gap-1 rounded-full bg-slate-100 px-3 text-sm text-slate-900 hover:bg-slate-200"
          aria-label={`Remove search "${query.q}"`}
        >
          {`Search: “${query.q}”`} <X className="h-4 w-4" aria-hidden="true" />
        </a>
      )}
      {query.category && (
        <a
          href={blogListHref({ q: query.q })}
          className="inline-flex min-h-9 items-center gap-1 rounded-full bg-slate-100 px-3 text-sm text-slate-900 hover:bg-slate-200"
          aria-label={`Remove category ${query.category}`}
        >
          {`Category: ${query.category}`} <X className="h-4 w-4" aria-hidden="true" />
        </a>
      )}
      <a href="/blog" className="min-h-9 px-2 py-1 text-sm font-semibold text-blue-800 underline hover:text-blue-900">
        Clear All
      </a>
      {query.q && query.category && (
        <p className="w-full text-sm text-slate-600">
          Search results are shown first; clear the search to browse the category.
        </p>
      )}
    </div>
  );
}
