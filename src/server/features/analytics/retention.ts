import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { addDays } from '../../../shared/london-time';
import { VISIT_TOTALS_KEEP_DAYS, VISIT_VIEWS_KEEP_DAYS } from '../../../shared/retention';
import { firstViewsOfVisits } from './first-views';
import { dayOf, deleteOldSalts } from './visitors';

/**
 * How long after a day ends its views are totalled: the views each process holds in memory are
 * written within a second (recorder.ts), so by then the day's raw views are all in.
 */
const SETTLE_MS = 10 * 60 * 1000;

/**
 * The daily tidy (run by the retention run, decision 0065), on the centre's (London) days: each
 * day that is over becomes daily totals per page and the source of the visit each view belongs
 * to (its visitor's first page that day, as the report counts it: decision 0070), with views,
 * visitors and visits that began there, and per day, once (`analytics_days.totalled`), in one
 * transaction; the report then reads those days from the totals alone (they cannot change once
 * the day is over). The raw views are kept 30 days all the same, then deleted; totals older than
 * two years and salts 48 hours old are deleted. Returns how many views were totalled.
 */
export async function rollUpAndExpire(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  const settled = dayOf(new Date(now.getTime() - SETTLE_MS));
  const today = dayOf(now);
  const before = addDays(today, -VISIT_VIEWS_KEEP_DAYS);
  const totalled = await db.transaction().execute(async (trx) => {
    const open = sql`v.day < ${settled} and not exists (
      select 1 from analytics_days t where t.day = v.day and t.totalled = 1)`;
    const counted = await sql<{ views: number | string }>`
      select sum(v.views) as views from analytics_views v where ${open}
    `.execute(trx);
    await sql`
      insert into analytics_daily (day, path, channel, source, medium, campaign, views, visitors, entries)
      select v.day, v.path, f.channel, coalesce(f.source, ''), coalesce(f.medium, ''), coalesce(f.campaign, ''),
        sum(v.views), count(distinct v.visitor), sum(case when v.id = f.id then 1 else 0 end)
      from analytics_views v
      join (${firstViewsOfVisits(open)}) m
        on m.day = v.day and m.visitor = v.visitor
      join analytics_views f on f.id = m.first_id
      where ${open}
      group by v.day, v.path, f.channel, coalesce(f.source, ''), coalesce(f.medium, ''), coalesce(f.campaign, '')
      on conflict (day, path, channel, source, medium, campaign) do update set
        views = analytics_daily.views + excluded.views,
        visitors = analytics_daily.visitors + excluded.visitors,
        entries = analytics_daily.entries + excluded.entries
    `.execute(trx);
    // Last: once a day is marked totalled, `open` no longer sees its views.
    await sql`
      insert into analytics_days (day, views, visitors, left_out, totalled)
      select v.day, sum(v.views), count(distinct v.visitor), 0, 1 from analytics_views v where ${open} group by v.day
      on conflict (day) do update set
        views = analytics_days.views + excluded.views,
        visitors = analytics_days.visitors + excluded.visitors,
        totalled = 1
    `.execute(trx);
    // The days before `before` were totalled above or by an earlier run.
    await trx.deleteFrom('analytics_views').where('day', '<', before).execute();
    return Number(counted.rows[0]?.views ?? 0);
  });
  const oldest = addDays(today, -VISIT_TOTALS_KEEP_DAYS);
  await db.deleteFrom('analytics_daily').where('day', '<', oldest).execute();
  await db.deleteFrom('analytics_days').where('day', '<', oldest).execute();
  await deleteOldSalts(db, now);
  return totalled;
}
