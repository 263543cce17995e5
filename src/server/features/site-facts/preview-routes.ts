import { z } from 'zod';
import { siteFactSectionSchemas } from '../../../shared/site-facts/schemas';
import { type SiteFacts, sectionRoles, siteFactSections } from '../../../shared/site-facts/site-facts';
import { paths } from '../../../shared/routes';
import type { SettingKey, SettingValue } from '../../../shared/settings/settings';
import type { SiteApi } from '../../../shared/site-api';
import type { FeaturePlugin } from '../../context';
import { answers, notJson } from '../../responses';
import type { PageRenderer } from '../../rendering/pages';
import type { SiteFactsRepo } from './repo';

/** The settings feature's reading of a setting for another business name (given by features/index.ts). */
export type SettingAsNamed = (key: SettingKey, name: string) => Promise<SettingValue>;

/** The pages a preview can show: where the facts show most, and where parents book the free assessment. */
const previewPages = { home: paths.home, contact: paths.contact, 'free-assessment': paths.freeAssessment } as const;
const previewQuery = z
  .object({
    page: z
      .enum(['home', 'contact', 'free-assessment'], { error: 'page must be home, contact or free-assessment' })
      .default('home'),
  })
  .strict();

/**
 * A section's unsaved values shown on the home, contact or free assessment page (decision 0059), as a post's
 * preview is (the blog's preview-routes.ts): rendered by the pages' own code from the facts in
 * use with that section replaced; never cached, never stored, never indexed, shown by the admin
 * in a sandboxed frame.
 */
export const siteFactsPreviewRoutes: FeaturePlugin<{
  repo: SiteFactsRepo;
  siteApi: SiteApi;
  pages: PageRenderer;
  settingAsNamed: SettingAsNamed;
}> = async (app, { repo, siteApi, pages, settingAsNamed }) => {
  const preview = answers({ 200: notJson('The page (HTML), scripts removed') });
  for (const section of siteFactSections) {
    const body = z.object({ value: siteFactSectionSchemas[section] }).strict();
    app.post(
      `/api/admin/site/${section}/preview`,
      // A preview writes nothing, so it leaves the content generation (and every page cache) alone.
      {
        config: { role: sectionRoles[section], changesNoContent: true },
        schema: { body, querystring: previewQuery, response: preview },
      },
      async (request, reply) => {
        const { facts } = await repo.current();
        const draft: SiteFacts = { ...facts, [section]: (request.body as { value: unknown }).value };
        // The header's brand follows a new name as it will once saved (an unset brand text is the name).
        const api: SiteApi = {
          ...siteApi,
          getSiteFacts: async () => draft,
          getSetting: (key) => settingAsNamed(key, draft.details.name),
        };
        return pages.sendPreview(reply, previewPages[request.query.page], api);
      },
    );
  }
};
