import { queryOptions } from '@tanstack/react-query';
import type { BlogListQuery } from '../../../shared/blog';
import type { SiteApi } from '../../../shared/site-api';

/** Query keys shared by a page's prefetch and its hooks, so the server's render finds the data. */
export const blogKeys = {
  all: ['blog'] as const,
  list: (query: BlogListQuery & { page: number }) =>
    ['blog', 'list', query.q ?? '', query.q ? '' : (query.category ?? ''), query.page] as const,
  categories: ['blog', 'categories'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  related: (slug: string) => ['blog', 'related', slug] as const,
};

export const blogPageQuery = (api: SiteApi, query: BlogListQuery & { page: number }) =>
  queryOptions({ queryKey: blogKeys.list(query), queryFn: () => api.getBlogPage(query) });

export const blogCategoriesQuery = (api: SiteApi) =>
  queryOptions({ queryKey: blogKeys.categories, queryFn: () => api.getBlogCategories() });

export const blogPostQuery = (api: SiteApi, slug: string) =>
  queryOptions({ queryKey: blogKeys.post(slug), queryFn: () => api.getBlogPost(slug) });

export const relatedPostsQuery = (api: SiteApi, slug: string) =>
  queryOptions({ queryKey: blogKeys.related(slug), queryFn: () => api.getRelatedPosts(slug) });
