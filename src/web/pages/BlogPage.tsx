import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { parseBlogListQuery } from '../../shared/blog/blog';
import { PageHero } from '../components/PageHero';
import { BlogCard, BlogFallback, blogFeedAlternate, BlogFilters, blogQueries, Pagination } from '../features/blog';
import { useSiteApi } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';

export function BlogPage() {
  const api = useSiteApi();
  const query = parseBlogListQuery(new URLSearchParams(useSearch()));
  const list = useQuery(blogQueries.list(api, query));
  const categories = useQuery(blogQueries.categories(api));
  const filtered = Boolean(query.q || query.category);
  const { details } = useSiteFacts();
  const pageSuffix = query.page > 1 ? ` (page ${query.page})` : '';

  return (
    <>
      <Seo
        title={`Blog${pageSuffix} | Study Tips & Exam Advice | ${details.name}`}
        description={`Study tips, exam preparation advice and news for parents and students from ${details.name} in Middlesbrough.`}
        // Filtered lists and later pages point search engines at the first page of the whole blog.
        canonicalPath={filtered ? '/blog' : undefined}
        robots={filtered ? 'noindex, follow' : undefined}
        alternates={[blogFeedAlternate(details)]}
      />
      <PageHero title="Blog" lead="Study tips, exam preparation advice and news from the centre." />
      <div className="mx-auto max-w-7xl px-4 pb-16">
        <BlogFilters query={query} categories={categories.data ?? []} />
        {/* Rendered on the server only, after the list's prefetch: its data is here, or it failed. */}
        <div className="mt-8">
          {!list.data ? (
            <p role="alert" className="rounded-xl bg-red-50 p-6 text-red-800">
              Error loading blog posts. Please try again later.
            </p>
          ) : list.data.total === 0 ? (
            filtered ? (
              <p className="rounded-xl bg-slate-50 p-6 text-slate-800">No posts found</p>
            ) : (
              <BlogFallback />
            )
          ) : (
            <>
              <p className="mb-4 text-sm text-slate-600">
                {list.data.total} {list.data.total === 1 ? 'article' : 'articles'}
                {list.data.totalPages > 1 && ` · page ${list.data.page} of ${list.data.totalPages}`}
              </p>
              {list.data.posts.length === 0 ? (
                <p className="rounded-xl bg-slate-50 p-6 text-slate-800">No posts found</p>
              ) : (
                <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {list.data.posts.map((post, index) => (
                    <BlogCard key={post.id} post={post} priority={index === 0} />
                  ))}
                </div>
              )}
              <Pagination query={query} page={query.page} totalPages={list.data.totalPages} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
