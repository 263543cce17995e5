import type { SiteApi } from '../shared/site-api';
import type { Database } from './db/connection';
import { createSettingsRepo } from './features/settings/repo';

/** The pages' data source while rendering on the server: the repositories, no HTTP. */
export function createServerSiteApi(database: Database): SiteApi {
  const settings = createSettingsRepo(database.db);
  return {
    getSetting: (key) => settings.get(key),
  };
}
