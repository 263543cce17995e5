import { queryOptions } from '@tanstack/react-query';
import type { AdminApi } from '../admin-api';
import { adminQueryKey } from '../queries';

const staffKey = [...adminQueryKey, 'staff'] as const;

/** The staff screens' queries (decision 0058), their keys under the admin's. */
export const staffQueries = {
  all: staffKey,
  accounts: (api: AdminApi) =>
    queryOptions({ queryKey: [...staffKey, 'accounts'], queryFn: () => api.staff.accounts() }),
  invitations: (api: AdminApi) =>
    queryOptions({ queryKey: [...staffKey, 'invitations'], queryFn: () => api.staff.invitations() }),
  tokens: (api: AdminApi) => queryOptions({ queryKey: [...staffKey, 'tokens'], queryFn: () => api.staff.tokens() }),
  me: (api: AdminApi) => queryOptions({ queryKey: [...staffKey, 'me'], queryFn: () => api.staff.me() }),
  passkeys: (api: AdminApi) =>
    queryOptions({ queryKey: [...staffKey, 'passkeys'], queryFn: () => api.staff.passkeys() }),
  accessLog: (api: AdminApi, query: { actor?: string; enquiry?: string; page: number }) =>
    queryOptions({ queryKey: [...staffKey, 'access-log', query], queryFn: () => api.staff.accessLog(query) }),
};
