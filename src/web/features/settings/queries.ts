import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type SettingKey, settingDefaults, settingKeys } from '../../../shared/settings';
import type { SiteApi } from '../../../shared/site-api';
import type { SettingValue } from '../../../shared/settings';

const settingKey = (key: SettingKey) => ['settings', key] as const;

/**
 * Fetches every setting the header needs; the server calls this before rendering any page. A
 * setting that cannot be read shows its default (the failure is only logged).
 */
export async function prefetchSettings(queryClient: QueryClient, api: SiteApi) {
  await Promise.all(
    settingKeys.map(async (key) => {
      await queryClient.prefetchQuery(queryOptions({ queryKey: settingKey(key), queryFn: () => api.getSetting(key) }));
      const { error } = queryClient.getQueryState(settingKey(key)) ?? {};
      if (error) console.warn(`Could not read setting ${key}:`, error);
    }),
  );
}

/** What the logo screen writes after a save, so the header and the screen show the new value at once. */
export const rememberSetting = (queryClient: QueryClient, key: SettingKey, value: string) =>
  queryClient.setQueryData(settingKey(key), { key, value });

/**
 * A setting's value, or its default. The browser never fetches settings: the server put them in
 * the page's data (the admin area hydrates from it), and the logo screen remembers what it saves.
 */
export function useSetting(key: SettingKey): string {
  const { data } = useQuery<SettingValue>({ queryKey: settingKey(key), queryFn: skipToken });
  return data?.value ?? settingDefaults[key];
}
