import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShowcaseImages } from '../../../shared/images/images';
import type { SiteApi } from '../../../shared/site-api';
import { useSiteApi } from '../../lib/contexts';
import type { PrefetchContext } from '../../route-types';

/** The images' public queries, each key with its fetcher, for the server's prefetch and the page's hook alike. */
export const imagesQueries = {
  /** The home page's showcase: the newest image of each of its places. */
  showcase: (api: SiteApi) =>
    queryOptions({ queryKey: ['images', 'showcase'], queryFn: () => api.getShowcaseImages() }),
};

/** Server: the home page's images, so its first HTML already holds them (no shift, no flash). */
export async function prefetchShowcase({ queryClient, api }: PrefetchContext) {
  await queryClient.prefetchQuery(imagesQueries.showcase(api));
}

/** The newest image for each home-page place; none while loading or if the read fails. */
export function useShowcaseImages(): ShowcaseImages {
  return useQuery(imagesQueries.showcase(useSiteApi())).data ?? {};
}
