import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EnquiriesApi, InboxQuery } from './api';
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
  list: (enquiries: EnquiriesApi, query: InboxQuery) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'enquiries', 'list', query],
      queryFn: () => enquiries.list(query),
      placeholderData: keepPreviousData,
      ...lookForNewEnquiries,
    }),
  /**
   * The unfiltered counts, also looked at each minute in a background tab: the title counts new
   * enquiries while staff work elsewhere. Counts show no one's details and are not in the access log.
   */
  arrivals: (enquiries: EnquiriesApi) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'enquiries', 'counts', ''],
      queryFn: () => enquiries.counts(''),
      ...lookForNewEnquiries,
      refetchIntervalInBackground: true,
    }),
  counts: (enquiries: EnquiriesApi, q: string) =>
    queryOptions({
      queryKey: [...adminQueryKey, 'enquiries', 'counts', q],
      queryFn: () => enquiries.counts(q),
      ...lookForNewEnquiries,
    }),
};
