import type {
  CurrentSiteFacts,
  SiteFactSection,
  SiteFacts,
  SiteFactsRevision,
} from '../../../shared/site-facts/site-facts';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

/** The pages a site-facts preview can show. */
export type SitePreviewPage = 'home' | 'contact' | 'free-assessment';

/** The centre's facts (decision 0059): read, save a section, preview it, list and restore saves. */
export function siteFactsApi({ json, send }: AdminTransport) {
  return {
    current: () => json<CurrentSiteFacts>('GET', '/api/admin/site'),
    save: <Section extends SiteFactSection>(
      section: Section,
      basedOn: number | null,
      value: Exclude<SiteFacts[Section], null>,
    ) => json<CurrentSiteFacts>('PUT', `/api/admin/site/${section}`, { basedOn, value }),
    /** A public page (home, contact, free assessment) as HTML with the section's unsaved values, for the sandboxed frame. */
    preview: async <Section extends SiteFactSection>(
      section: Section,
      page: SitePreviewPage,
      value: Exclude<SiteFacts[Section], null>,
    ) => (await send('POST', `/api/admin/site/${section}/preview${search({ page })}`, { value })).text(),
    revisions: () => json<SiteFactsRevision[]>('GET', '/api/admin/site/revisions'),
    restore: (id: number) => json<CurrentSiteFacts>('POST', `/api/admin/site/revisions/${id}/restore`),
  };
}

export type SiteFactsApi = ReturnType<typeof siteFactsApi>;

export const useSiteFactsApi = () => useAdminCalls(siteFactsApi);
