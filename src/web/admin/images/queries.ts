import { queryOptions } from '@tanstack/react-query';
import type { AdminApi, ImageQuery } from '../admin-api';
import { adminQueryKey } from '../queries';

const listsKey = [...adminQueryKey, 'images', 'list'] as const;

/** The image library's queries, each key with its fetcher. */
export const adminImagesQueries = {
  /** Every search of the library: what an upload, edit or delete changes. */
  lists: () => listsKey,
  list: (api: AdminApi, query: ImageQuery) =>
    queryOptions({ queryKey: [...listsKey, query.q, query.category], queryFn: () => api.images.list(query) }),
  /** The posts that show an image, asked fresh each time the delete confirmation opens. */
  usage: (api: AdminApi, imageId: number) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'images', 'usage', imageId],
      queryFn: () => api.images.usage(imageId),
      staleTime: 0,
    }),
};
