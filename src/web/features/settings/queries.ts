import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type SettingKey, type SettingValue, settingDefaults, settingKeys } from '../../../shared/settings/settings';
import type { SiteApi } from '../../../shared/site-api';

/**
 * The settings' query, its key with its fetcher. Only the server fetches (with its `api`); without
 * one, the browser reads what the server put in the page's data and what the logo screen saved.
 */
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

/**
 * A setting's value, or its default. The browser never fetches settings: the server put them in
 * the page's data (the admin area hydrates from it), and the logo screen remembers what it saves.
 */
export function useSetting(key: SettingKey): string {
  const { data } = useQuery(settingsQueries.value(key));
  return data?.value ?? settingDefaults[key];
}
