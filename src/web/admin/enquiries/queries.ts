import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminApi, InboxQuery } from '../admin-api';
import { adminQueryKey } from '../queries';

/**
 * Enquiries arrive while the inbox is open, so unlike the default (never stale,
 * docs/product.md#api-conventions) the list and counts look again when staff come back to the tab,
 * and each minute while it is in front. TanStack pauses the interval in a background tab, so an
 * idle tab costs the server nothing.
 */
const lookForNewEnquiries = { refetchOnWindowFocus: 'always', refetchInterval: 60_000 } as const;

/** The inbox's queries, each key with its fetcher. */
export const enquiriesQueries = {
  list: (api: AdminApi, query: InboxQuery) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'enquiries', 'list', query],
      queryFn: () => api.submissions.list(query),
      placeholderData: keepPreviousData,
      ...lookForNewEnquiries,
    }),
  counts: (api: AdminApi, q: string) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'enquiries', 'counts', q],
      queryFn: () => api.submissions.counts(q),
      ...lookForNewEnquiries,
    }),
};
