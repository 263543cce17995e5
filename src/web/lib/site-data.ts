import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type SettingKey, type SettingValue, settingDefaults, settingKeys } from '../../shared/settings/settings';
import { defaultSiteFacts } from '../../shared/site-facts/defaults';
import type { SiteFacts } from '../../shared/site-facts/site-facts';
import type { SiteApi } from '../../shared/site-api';

/**
 * What every page reads about the site, whatever its feature: the centre's facts (decision 0059)
 * and the settings (the logo). One module in lib/, so the layout, the components, the pages and
 * `<Seo>` read them without importing a feature (docs/decisions/0067-public-web-direction.md).
 * Only the server fetches, with its `api`, before it renders any page; the browser reads what the
 * server put in the page's data (the admin area hydrates from it), and the admin screens remember
 * what they save, so the header and footer follow at once.
 */

// --- The site facts ---

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

// --- The settings ---

/** The settings' query, its key with its fetcher. */
export const settingsQueries = {
  value: (key: SettingKey, api?: SiteApi) =>
    queryOptions<SettingValue>({ queryKey: ['settings', key], queryFn: api ? () => api.getSetting(key) : skipToken }),
};

/**
 * Fetches every setting the header needs; the server calls this before rendering any page. A
 * setting that cannot be read shows its default (the failure is only logged).
 */
export async function prefetchSettings(queryClient: QueryClient, api: SiteApi) {
  await Promise.all(
    settingKeys.map(async (key) => {
      const query = settingsQueries.value(key, api);
      await queryClient.prefetchQuery(query);
      const { error } = queryClient.getQueryState(query.queryKey) ?? {};
      if (error) console.warn(`Could not read setting ${key}:`, error);
    }),
  );
}

/** What the logo screen writes after a save, so the header and the screen show the new value at once. */
export const rememberSetting = (queryClient: QueryClient, key: SettingKey, value: string) =>
  queryClient.setQueryData(settingsQueries.value(key).queryKey, { key, value });

/** A setting's value, or its default. The browser never fetches settings (see above). */
export function useSetting(key: SettingKey): string {
  const { data } = useQuery(settingsQueries.value(key));
  return data?.value ?? settingDefaults[key];
}
