import { queryOptions } from '@tanstack/react-query';
import type { AdminApi } from '../admin-api';
import { adminQueryKey } from '../queries';

const siteKey = [...adminQueryKey, 'site'] as const;

/** The site screen's queries (decision 0059), their keys under the admin's. */
export const siteQueries = {
  /** The facts in use with their revision, which every save names as the one it started from. */
  current: (api: AdminApi) => queryOptions({ queryKey: [...siteKey, 'current'], queryFn: () => api.site.current() }),
  revisions: (api: AdminApi) =>
    queryOptions({ queryKey: [...siteKey, 'revisions'], queryFn: () => api.site.revisions() }),
};
