import { queryOptions } from '@tanstack/react-query';
import type { ImageQuery, ImagesApi } from './api';
import { adminQueryKey } from '../queries';

const listsKey = [...adminQueryKey, 'images', 'list'] as const;

/** The image library's queries, each key with its fetcher. */
export const adminImagesQueries = {
  /** Every search of the library: what an upload, edit or delete changes. */
  lists: () => listsKey,
  list: (images: ImagesApi, query: ImageQuery) =>
    queryOptions({ queryKey: [...listsKey, query.q, query.category], queryFn: () => images.list(query) }),
  /** The posts that show an image, asked fresh each time the delete confirmation opens. */
  usage: (images: ImagesApi, imageId: number) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'images', 'usage', imageId],
      queryFn: () => images.usage(imageId),
      staleTime: 0,
    }),
};
