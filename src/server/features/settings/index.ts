import type { AppContext, FeaturePlugin } from '../../context';
import type { RecordAccess } from '../access-log';
import type { StoreUpload } from '../images';
import type { ReadSiteFacts } from '../site-facts';
import type { SettingKey } from '../../../shared/settings/settings';
import { logoRoutes } from './logo-routes';
import { createSettingsRepo } from './repo';
import { settingsRoutes } from './routes';

/**
 * The site's settings (brand text, logo): one repository per app, its routes, the logo upload's
 * (given the images feature's way to store an upload), and what the pages and the images read.
 */
export function createSettingsFeature(
  { database, clock }: AppContext,
  { record, siteFacts }: { record: RecordAccess; siteFacts: ReadSiteFacts },
) {
  const settings = createSettingsRepo(database.db, clock, async () => (await siteFacts()).details.name);

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(settingsRoutes, { ...context, settings, record });
  };
  const logoUploadRoutes =
    (storeUpload: StoreUpload): FeaturePlugin =>
    async (app, context) => {
      await app.register(logoRoutes, { ...context, settings, storeUpload, record });
    };

  return {
    routes,
    logoUploadRoutes,
    get: (key: SettingKey) => settings.get(key),
    /** A setting as the pages would read it if the business were called `name` (a site-facts preview). */
    getAsNamed: (key: SettingKey, name: string) => settings.get(key, async () => name),
    /** The address of the logo in use, '' when there is none. */
    logoAddress: async () => (await settings.get('site_logo')).value,
  };
}
