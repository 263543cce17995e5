import { queryOptions } from '@tanstack/react-query';
import type { BlogListQuery } from '../../../shared/blog/blog';
import type { SiteApi } from '../../../shared/site-api';

/**
 * The blog's queries, each key with its fetcher: a page's prefetch on the server and its
 * `useQuery` use the same options, so the render finds the data the prefetch put in the cache.
 */
export const blogQueries = {
  list: (api: SiteApi, query: BlogListQuery & { page: number }) =>
    queryOptions({
      queryKey: ['blog', 'list', query.q ?? '', query.q ? '' : (query.category ?? ''), query.page],
      queryFn: () => api.getBlogPage(query),
    }),
  categories: (api: SiteApi) =>
    queryOptions({ queryKey: ['blog', 'categories'], queryFn: () => api.getBlogCategories() }),
  post: (api: SiteApi, slug: string) =>
    queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => api.getBlogPost(slug) }),
  related: (api: SiteApi, slug: string) =>
    queryOptions({ queryKey: ['blog', 'related', slug], queryFn: () => api.getRelatedPosts(slug) }),
};
