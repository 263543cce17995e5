import { queryOptions } from '@tanstack/react-query';
import type { BinApi } from './api';
import { adminQueryKey } from '../queries';

/** The Bin's query, its key with its fetcher. */
export const binQueries = {
  list: (bin: BinApi) => queryOptions({ queryKey: [...adminQueryKey, 'bin'], queryFn: () => bin.list() }),
};
