import type { SettingKey, SettingValue } from './settings';

/**
 * The data the pages read. The browser answers it over HTTP; the server answers it directly
 * from the database while rendering, so both sides fill the same query cache.
 */
export interface SiteApi {
  getSetting(key: SettingKey): Promise<SettingValue>;
}
