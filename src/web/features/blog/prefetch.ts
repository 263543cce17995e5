import { parseBlogListQuery } from '../../../shared/blog/blog';
import type { PrefetchContext } from '../../route-types';
import { blogQueries } from './queries';

/** Server: the list page's data for the URL's ?q=&category=&page=. */
export async function prefetchBlogList({ queryClient, api, searchParams }: PrefetchContext) {
  const query = parseBlogListQuery(searchParams);
  await Promise.all([
    queryClient.prefetchQuery(blogQueries.list(api, query)),
    queryClient.prefetchQuery(blogQueries.categories(api)),
  ]);
}

/** Server: the post and its related posts; a missing or draft slug answers 404. */
export async function prefetchBlogPost({ queryClient, api, params }: PrefetchContext) {
  const slug = params.slug ?? '';
  const [post] = await Promise.all([
    queryClient.fetchQuery(blogQueries.post(api, slug)),
    queryClient.prefetchQuery(blogQueries.related(api, slug)),
  ]);
  return post ? undefined : { status: 404 };
}
