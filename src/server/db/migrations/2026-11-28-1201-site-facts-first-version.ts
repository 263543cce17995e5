import { type Kysely, sql } from 'kysely';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { INITIAL_VERSION_SAVER } from '../../../shared/site-facts/site-facts';

/**
 * The facts a site showed before its first save, kept as a version (decision 0059, amended): a
 * first save now keeps them itself, as version 1; a database saved before that gets them here as
 * version 0, below its first save, dated like it. Only when that first save (id 1) is still kept:
 * once it has aged out of the kept saves, so has anything older. The site showed the built-in
 * facts until its first save, so those are what is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: number; section: string; saved_at: string }>`
    select id, section, saved_at from site_facts_revisions where id = 1 or section = 'initial'
  `.execute(db);
  const first = rows.rows.find((row) => Number(row.id) === 1);
  if (!first || rows.rows.some((row) => row.section === 'initial')) return;
  await sql`
    insert into site_facts_revisions (id, facts, section, restored_from, saved_at, saved_by)
    values (0, ${JSON.stringify(defaultSiteFacts)}, 'initial', null, ${first.saved_at}, ${INITIAL_VERSION_SAVER})
  `.execute(db);
}
