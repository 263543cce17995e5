import { queryOptions } from '@tanstack/react-query';
import type { AdminApi } from '../admin-api';
import { adminQueryKey } from '../queries';

/** The Bin's query, its key with its fetcher. */
export const binQueries = {
  list: (api: AdminApi) => queryOptions({ queryKey: [...adminQueryKey, 'bin'], queryFn: () => api.bin.list() }),
};
