import { queryOptions } from '@tanstack/react-query';
import type { SiteApi } from '../../../shared/site-api';
import type { PrefetchContext } from '../../route-types';

/** The times offered now, read while the server renders /free-assessment (never kept: decision 0072). */
export const bookingQueries = {
  offered: (api: SiteApi) => queryOptions({ queryKey: ['bookings', 'offered'], queryFn: () => api.getOfferedTimes() }),
};

/** Server: the offered times for the booking part of /free-assessment. */
export async function prefetchOfferedTimes({ queryClient, api }: PrefetchContext) {
  await queryClient.prefetchQuery(bookingQueries.offered(api));
}
