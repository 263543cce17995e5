import { queryOptions } from '@tanstack/react-query';
import type { AccessLogQuery, StaffApi } from './api';
import { adminQueryKey } from '../queries';

const staffKey = [...adminQueryKey, 'staff'] as const;

/** The staff screens' queries (decision 0058), their keys under the admin's. */
export const staffQueries = {
  all: staffKey,
  accounts: (staff: StaffApi) => queryOptions({ queryKey: [...staffKey, 'accounts'], queryFn: () => staff.accounts() }),
  invitations: (staff: StaffApi) =>
    queryOptions({ queryKey: [...staffKey, 'invitations'], queryFn: () => staff.invitations() }),
  tokens: (staff: StaffApi) => queryOptions({ queryKey: [...staffKey, 'tokens'], queryFn: () => staff.tokens() }),
  me: (staff: StaffApi) => queryOptions({ queryKey: [...staffKey, 'me'], queryFn: () => staff.me() }),
  passkeys: (staff: StaffApi) => queryOptions({ queryKey: [...staffKey, 'passkeys'], queryFn: () => staff.passkeys() }),
  accessLog: (staff: StaffApi, query: AccessLogQuery) =>
    queryOptions({ queryKey: [...staffKey, 'access-log', query], queryFn: () => staff.accessLog(query) }),
};
