import { queryOptions } from '@tanstack/react-query';
import type { SiteFactsApi } from './api';
import { adminQueryKey } from '../queries';

const siteFactsKey = [...adminQueryKey, 'site-facts'] as const;

/** The site screen's queries (decision 0059), their keys under the admin's. */
export const siteFactsQueries = {
  /** The facts in use with their revision, which every save names as the one it started from. */
  current: (siteFacts: SiteFactsApi) =>
    queryOptions({ queryKey: [...siteFactsKey, 'current'], queryFn: () => siteFacts.current() }),
  revisions: (siteFacts: SiteFactsApi) =>
    queryOptions({ queryKey: [...siteFactsKey, 'revisions'], queryFn: () => siteFacts.revisions() }),
};
