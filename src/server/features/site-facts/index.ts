import type { SiteFacts } from '../../../shared/site-facts/site-facts';
import type { SiteApi } from '../../../shared/site-api';
import type { AppContext, FeaturePlugin } from '../../context';
import type { PageRenderer } from '../../rendering/pages';
import type { RecordAccess } from '../access-log';
import { type SettingAsNamed, siteFactsPreviewRoutes } from './preview-routes';
import { createSiteFactsRepo } from './repo';
import { closuresCalendarRoute } from './calendar-route';
import { siteFactsRoutes } from './routes';

/** The facts the site shows now: what another feature is handed to word a mail or a feed at send time. */
export type ReadSiteFacts = () => Promise<SiteFacts>;

/**
 * The centre's facts staff edit (decision 0059): one repository per app, its routes, its preview
 * (given the pages' renderer and the settings' reading for another name), and the facts in use for the pages and the e-mails.
 */
export function createSiteFactsFeature({ database, clock }: AppContext, { record }: { record: RecordAccess }) {
  const repo = createSiteFactsRepo(database.db, clock);

  const routes: FeaturePlugin = async (app, context) => {
    await app.register(siteFactsRoutes, { ...context, repo, record });
    await app.register(closuresCalendarRoute, { ...context, repo });
  };
  const previewRoutes =
    (siteApi: SiteApi, pages: PageRenderer, settingAsNamed: SettingAsNamed): FeaturePlugin =>
    async (app, context) => {
      await app.register(siteFactsPreviewRoutes, { ...context, repo, siteApi, pages, settingAsNamed });
    };

  return {
    routes,
    previewRoutes,
    /** The facts the site shows now. */
    current: (async () => (await repo.current()).facts) satisfies ReadSiteFacts,
  };
}
