import { parseBlogListQuery } from '../../../shared/blog';
import type { PrefetchContext } from '../../route-types';
import { blogCategoriesQuery, blogPageQuery, blogPostQuery, relatedPostsQuery } from './queries';

/** Server: the list page's data for the URL's ?q=&category=&page=. */
export async function prefetchBlogList({ queryClient, api, searchParams }: PrefetchContext) {
  const query = parseBlogListQuery(searchParams);
  await Promise.all([
    queryClient.prefetchQuery(blogPageQuery(api, query)),
    queryClient.prefetchQuery(blogCategoriesQuery(api)),
  ]);
}

/** Server: the post and its related posts; a missing or draft slug answers 404. */
export async function prefetchBlogPost({ queryClient, api, params }: PrefetchContext) {
  const slug = params.slug ?? '';
  const [post] = await Promise.all([
    queryClient.fetchQuery(blogPostQuery(api, slug)),
    queryClient.prefetchQuery(relatedPostsQuery(api, slug)),
  ]);
  return post ? undefined : { status: 404 };
}
