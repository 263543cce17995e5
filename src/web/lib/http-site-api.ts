import type { SettingValue } from '../../shared/settings';
import type { SiteApi } from '../../shared/site-api';
import { getJson } from './http';

/** The pages' data source in the browser: the public API over HTTP. */
export const httpSiteApi: SiteApi = {
  getSetting: (key) => getJson<SettingValue>(`/api/settings/${key}`),
};
