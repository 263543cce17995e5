import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { basedOnSchema, siteFactSectionSchemas } from '../../../shared/site-facts/schemas';
import { type SiteFacts, sectionRoles, siteFactSections } from '../../../shared/site-facts/site-facts';
import type { FeaturePlugin } from '../../context';
import { currentSiteFactsSchema, siteFactsRevisionSchema } from '../../../shared/site-facts/responses';
import { conflict, notFound } from '../../errors';
import { answers } from '../../responses';
import type { RecordAccess } from '../access-log';
import type { SiteFactsRepo } from './repo';

const noSuchVersion = (raw: string) => `There is no saved version ${raw} of the site details.`;
/**
 * A version's number, as idParams reads ids, but 0 too: a database saved before the first version
 * was kept holds it as version 0, below the first save (migration 2026-11-28-1201).
 */
const revisionParams = z.object({
  id: z
    .string()
    .regex(/^(?:0|[1-9]\d{0,14})$/, { error: (issue) => noSuchVersion(String(issue.input)) })
    .transform(Number),
});

/** A new list item gets an id the server makes, so a browser never has to. */
const withIds = <Item extends { id?: string | undefined }>(items: readonly Item[]) =>
  items.map((item) => ({ ...item, id: item.id ?? randomBytes(6).toString('hex') }));

/** The section as stored: list items all carry ids. */
function stored<Section extends keyof SiteFacts>(section: Section, value: unknown): SiteFacts[Section] {
  if (section === 'testimonials' || section === 'faq') return withIds(value as { id?: string }[]) as SiteFacts[Section];
  if (section === 'hours') {
    const hours = value as SiteFacts['hours'];
    return { ...hours, closures: withIds(hours.closures) } as SiteFacts[Section];
  }
  return value as SiteFacts[Section];
}

/**
 * The centre's facts (decision 0059): the editors read and save them a section at a time, list
 * and restore earlier saves. Every save bumps the content generation (the admin hook), so every
 * page shows the new facts at its next request; the access log records which section, not values.
 */
export const siteFactsRoutes: FeaturePlugin<{ repo: SiteFactsRepo; record: RecordAccess }> = async (
  app,
  { repo, record },
) => {
  // The facts are public anyway: anyone signed in may read them and the saves' history.
  const anyStaff = { role: 'staff' } as const;
  const current = answers({ 200: currentSiteFactsSchema });
  app.get('/api/admin/site', { config: anyStaff, schema: { response: current } }, async () => repo.current());
  app.get(
    '/api/admin/site/revisions',
    { config: anyStaff, schema: { response: answers({ 200: z.array(siteFactsRevisionSchema) }) } },
    async () => repo.revisions(),
  );

  for (const section of siteFactSections) {
    const body = z.object({ basedOn: basedOnSchema, value: siteFactSectionSchemas[section] }).strict();
    app.put(
      `/api/admin/site/${section}`,
      { config: { role: sectionRoles[section] }, schema: { body, response: current } },
      async (request) => {
        const { basedOn, value } = request.body as { basedOn: number | null; value: unknown };
        const savedBy = request.adminAuth?.principal.name ?? 'unknown';
        const result = await repo.save(
          section,
          basedOn,
          (facts) => ({ ...facts, [section]: stored(section, value) }),
          savedBy,
        );
        if (result.outcome === 'conflict') {
          throw conflict(
            'Someone else saved these details after you opened them. Reload the page to see their changes, then make yours again.',
            'basedOn',
          );
        }
        await record(request, { action: 'site.change', target: { kind: 'site', id: section } });
        return result.current;
      },
    );
  }

  // A restore brings every section back, prices too: the owners'.
  app.post(
    '/api/admin/site/revisions/:id/restore',
    { config: { role: 'owner' }, schema: { params: revisionParams, response: current } },
    async (request) => {
      const savedBy = request.adminAuth?.principal.name ?? 'unknown';
      const restored = await repo.restore(request.params.id, savedBy);
      if (!restored) throw notFound(noSuchVersion(String(request.params.id)));
      await record(request, { action: 'site.restore', target: { kind: 'site', id: request.params.id } });
      return restored;
    },
  );
};
