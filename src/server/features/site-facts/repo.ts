import { type Kysely, type Transaction as KyselyTransaction, sql } from 'kysely';
import { storedAssessmentSettings } from '../../../shared/bookings/settings';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import {
  type CurrentSiteFacts,
  INITIAL_VERSION_SAVER,
  type SiteFactSection,
  type SiteFacts,
  type SiteFactsRevision,
} from '../../../shared/site-facts/site-facts';
import { engineOf } from '../../db/dialect';
import { eraseDeleted } from '../../db/erase';
import type { DatabaseSchema } from '../../db/schema';

/** How many saves are kept to restore from; older ones are deleted at each save. */
export const KEPT_REVISIONS = 100;

/**
 * The stored facts, read back over the defaults section by section: a revision written before a
 * section existed still reads whole, and a free assessment part saved before its limits on links
 * and families existed (issue 51) reads them at their defaults.
 */
function parseFacts(json: string): SiteFacts {
  const stored = JSON.parse(json) as Partial<SiteFacts>;
  const facts = { ...defaultSiteFacts, ...stored };
  return { ...facts, assessment: storedAssessmentSettings(facts.assessment) };
}

type Transaction = KyselyTransaction<DatabaseSchema>;

export function createSiteFactsRepo(db: Kysely<DatabaseSchema>, clock: () => Date) {
  const newest = (trx: Kysely<DatabaseSchema>) =>
    trx.selectFrom('site_facts_revisions').select(['id', 'facts']).orderBy('id', 'desc').limit(1).executeTakeFirst();

  /**
   * One saver at a time, before anything is read: PostgreSQL locks the table against other
   * savers (readers go on); SQLite's first write takes the file's write lock, so a second
   * process waits instead of failing to upgrade a read lock.
   */
  const serialise = async (trx: Transaction) => {
    if (engineOf(db as Kysely<unknown>) === 'postgres') {
      await sql`lock table site_facts_revisions in share row exclusive mode`.execute(trx);
    } else {
      await trx
        .updateTable('site_facts_revisions')
        .set({ section: sql`section` })
        .where('id', '=', 0)
        .execute();
    }
  };

  const insert = async (
    trx: Transaction,
    facts: SiteFacts,
    section: SiteFactsRevision['section'],
    savedBy: string,
    restoredFrom: number | null = null,
  ) => {
    const row = await trx
      .insertInto('site_facts_revisions')
      .values({
        facts: JSON.stringify(facts),
        section,
        restored_from: restoredFrom,
        saved_at: clock().toISOString(),
        saved_by: savedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('site_facts_revisions')
      .where('id', '<=', row.id - KEPT_REVISIONS)
      .execute();
    return row.id;
  };

  /**
   * Removes testimonials from every kept revision, so a deleted one (a parent's words and first
   * name) is gone for good, not waiting in the history to be restored (decision 0059).
   */
  const eraseTestimonials = async (trx: Transaction, ids: ReadonlySet<string>): Promise<void> => {
    if (ids.size === 0) return;
    const rows = await trx.selectFrom('site_facts_revisions').select(['id', 'facts']).execute();
    for (const row of rows) {
      const facts = parseFacts(row.facts);
      const kept = facts.testimonials.filter((testimonial) => !ids.has(testimonial.id));
      if (kept.length === facts.testimonials.length) continue;
      await trx
        .updateTable('site_facts_revisions')
        .set({ facts: JSON.stringify({ ...facts, testimonials: kept }) })
        .where('id', '=', row.id)
        .execute();
    }
  };

  const storedRevision = async (trx: Kysely<DatabaseSchema>, id: number) => {
    const row = await trx.selectFrom('site_facts_revisions').select('facts').where('id', '=', id).executeTakeFirst();
    return row ? parseFacts(row.facts) : undefined;
  };

  return {
    async current(): Promise<CurrentSiteFacts> {
      const row = await newest(db);
      return row ? { revision: row.id, facts: parseFacts(row.facts) } : { revision: null, facts: defaultSiteFacts };
    },

    /**
     * Saves one section as a new revision of the whole (the very first save keeps the facts
     * shown before it as the 'initial' revision first). 'conflict' when that section changed
     * since the revision the form started from (someone else saved it meanwhile); a save of
     * another section in between is kept. `change` sees the facts in use and answers the new ones.
     */
    async save<Section extends SiteFactSection>(
      section: Section,
      basedOn: number | null,
      change: (facts: SiteFacts) => SiteFacts,
      savedBy: string,
    ): Promise<{ outcome: 'saved'; current: CurrentSiteFacts; erased: boolean } | { outcome: 'conflict' }> {
      const result = await db.transaction().execute(async (trx) => {
        await serialise(trx);
        const latest = await newest(trx);
        const inUse = latest ? parseFacts(latest.facts) : defaultSiteFacts;
        if ((latest?.id ?? null) !== basedOn) {
          const startedFrom = basedOn === null ? defaultSiteFacts : await storedRevision(trx, basedOn);
          if (!startedFrom || JSON.stringify(startedFrom[section]) !== JSON.stringify(inUse[section])) {
            return { outcome: 'conflict' as const };
          }
        }
        // The first save keeps what the site showed until now as a version of its own, so it can be undone.
        if (!latest) await insert(trx, inUse, 'initial', INITIAL_VERSION_SAVER);
        const facts = change(inUse);
        const id = await insert(trx, facts, section, savedBy);
        const kept = new Set(facts.testimonials.map((testimonial) => testimonial.id));
        const deleted = new Set(inUse.testimonials.map((testimonial) => testimonial.id).filter((id) => !kept.has(id)));
        await eraseTestimonials(trx, deleted);
        return { outcome: 'saved' as const, current: { revision: id, facts }, erased: deleted.size > 0 };
      });
      // After the commit: the erased testimonials' pages leave SQLite's write-ahead log too.
      if (result.outcome === 'saved' && result.erased) await eraseDeleted(db);
      return result;
    },

    /** Brings an earlier revision back as a new one; undefined when there is no such revision. */
    async restore(id: number, savedBy: string): Promise<CurrentSiteFacts | undefined> {
      return db.transaction().execute(async (trx) => {
        await serialise(trx);
        const facts = await storedRevision(trx, id);
        if (!facts) return undefined;
        return { revision: await insert(trx, facts, 'restore', savedBy, id), facts };
      });
    },

    /** The kept revisions, newest first. */
    async revisions(): Promise<SiteFactsRevision[]> {
      const rows = await db
        .selectFrom('site_facts_revisions')
        .select(['id', 'section', 'restored_from', 'saved_at', 'saved_by'])
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        savedAt: row.saved_at,
        savedBy: row.saved_by,
        section: row.section as SiteFactsRevision['section'],
        restoredFrom: row.restored_from,
      }));
    },
  };
}

export type SiteFactsRepo = ReturnType<typeof createSiteFactsRepo>;
