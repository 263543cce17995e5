import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type { SiteFacts } from '../../../shared/site-facts/site-facts';
import type { SiteApi } from '../../../shared/site-api';

/**
 * The centre's facts as the pages read them (decision 0059). Like the settings, only the server
 * fetches (with its `api`) before it renders; the admin area hydrates from the page's data and
 * the site screen remembers what it saves, so the header and footer follow at once.
 */
export const siteFactsQuery = (api?: SiteApi) =>
  queryOptions<SiteFacts>({ queryKey: ['site-facts'], queryFn: api ? () => api.getSiteFacts() : skipToken });

/** Fetched before any page renders; facts that cannot be read show the defaults (the failure is logged). */
export async function prefetchSiteFacts(queryClient: QueryClient, api: SiteApi) {
  const query = siteFactsQuery(api);
  await queryClient.prefetchQuery(query);
  const { error } = queryClient.getQueryState(query.queryKey) ?? {};
  if (error) console.warn('Could not read the site facts:', error);
}

/** The facts a render prefetched (for what is built outside components, as the page's default meta). */
export const prefetchedSiteFacts = (queryClient: QueryClient): SiteFacts =>
  queryClient.getQueryData(siteFactsQuery().queryKey) ?? defaultSiteFacts;

export const rememberSiteFacts = (queryClient: QueryClient, facts: SiteFacts) =>
  queryClient.setQueryData(siteFactsQuery().queryKey, facts);

/** The facts in use: what the server rendered with, or the defaults of a fresh install. */
export function useSiteFacts(): SiteFacts {
  const { data } = useQuery(siteFactsQuery());
  return data ?? defaultSiteFacts;
}
