import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { VISIT_TOTALS_KEEP_DAYS, VISIT_VIEWS_KEEP_DAYS } from '../../../shared/retention';
import { dayOf, deleteOldSalts } from './visitors';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily tidy (run by the retention run, decision 0065): page views older than 30 days become
 * daily totals per page and the source of the visit each view belongs to (its visitor's first
 * page that day, as the report counts it: decision 0070), with views, visitors and visits that
 * began there, and per day, in one transaction with their deletion, so a total is never counted
 * twice or lost; totals older than two years and salts older than yesterday are deleted. Returns
 * how many views were rolled up.
 */
export async function rollUpAndExpire(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  const before = dayOf(new Date(now.getTime() - VISIT_VIEWS_KEEP_DAYS * DAY_MS));
  const rolled = await db.transaction().execute(async (trx) => {
    await sql`
      insert into analytics_daily (day, path, channel, source, medium, campaign, views, visitors, entries)
      select v.day, v.path, f.channel, coalesce(f.source, ''), coalesce(f.medium, ''), coalesce(f.campaign, ''),
        count(*), count(distinct v.visitor), sum(case when v.id = f.id then 1 else 0 end)
      from analytics_views v
      join (select day, visitor, min(id) as first_id from analytics_views where day < ${before} group by day, visitor) m
        on m.day = v.day and m.visitor = v.visitor
      join analytics_views f on f.id = m.first_id
      where v.day < ${before}
      group by v.day, v.path, f.channel, coalesce(f.source, ''), coalesce(f.medium, ''), coalesce(f.campaign, '')
      on conflict (day, path, channel, source, medium, campaign) do update set
        views = analytics_daily.views + excluded.views,
        visitors = analytics_daily.visitors + excluded.visitors,
        entries = analytics_daily.entries + excluded.entries
    `.execute(trx);
    await sql`
      insert into analytics_days (day, views, visitors, left_out)
      select day, count(*), count(distinct visitor), 0 from analytics_views where day < ${before} group by day
      on conflict (day) do update set
        views = analytics_days.views + excluded.views,
        visitors = analytics_days.visitors + excluded.visitors
    `.execute(trx);
    const deleted = await trx.deleteFrom('analytics_views').where('day', '<', before).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
  const oldest = dayOf(new Date(now.getTime() - VISIT_TOTALS_KEEP_DAYS * DAY_MS));
  await db.deleteFrom('analytics_daily').where('day', '<', oldest).execute();
  await db.deleteFrom('analytics_days').where('day', '<', oldest).execute();
  await deleteOldSalts(db, now);
  return rolled;
}
