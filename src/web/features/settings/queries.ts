import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type SettingKey, settingDefaults, settingKeys } from '../../../shared/settings';
import type { SiteApi } from '../../../shared/site-api';
import { useSiteApi } from '../../lib/contexts';

export const settingQuery = (api: SiteApi, key: SettingKey) =>
  queryOptions({ queryKey: ['settings', key], queryFn: () => api.getSetting(key) });

/** Fetches every setting the header needs; the server calls this before rendering any page. */
export async function prefetchSettings(queryClient: QueryClient, api: SiteApi) {
  await Promise.all(settingKeys.map((key) => queryClient.prefetchQuery(settingQuery(api, key))));
}

/** A setting's value; its default while loading or when the read fails (failures are only logged). */
export function useSetting(key: SettingKey): string {
  const api = useSiteApi();
  const { data, error } = useQuery(settingQuery(api, key));
  if (error) console.warn(`Could not read setting ${key}:`, error);
  return data?.value ?? settingDefaults[key];
}
