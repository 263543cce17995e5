import { queryOptions } from '@tanstack/react-query';
import type { BlogPost } from '../../../shared/blog/blog';
import type { BlogApi } from './api';
import { adminQueryKey } from '../queries';

const blogKey = [...adminQueryKey, 'blog'] as const;

/** The blog screen's queries, each key with its fetcher. */
export const adminBlogQueries = {
  /** The list and every post's revisions: what a create, update, delete or restore changes. */
  all: () => blogKey,
  list: (blog: BlogApi) => queryOptions({ queryKey: [...blogKey, 'list'], queryFn: () => blog.list() }),
  /** Keyed by the post's last save too, so a save or a restore asks again. */
  revisions: (blog: BlogApi, post: BlogPost) =>
    queryOptions({
      queryKey: [...blogKey, 'revisions', post.id, post.updatedAt],
      queryFn: () => blog.revisions(post.id),
    }),
};
