import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { addDays } from '../../../shared/london-time';
import { VISIT_TOTALS_KEEP_DAYS, VISIT_VIEWS_KEEP_DAYS } from '../../../shared/retention';
import { firstViewsOfVisits, viewsBySourceOfVisit } from './first-views';
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
        totalled = 1, so_far_until = null, so_far_id = null
    `.execute(trx);
    // What the fold had of those days (foldSoFar) is in their totals now.
    await deleteSoFarOfTotalledDays(trx);
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

/**
 * How old a view must be to be folded (foldSoFar): the settling time of the day's totals, so the
 * views each process holds in memory for a second are in long before.
 */
const FOLD_AFTER_MS = SETTLE_MS;

/** How often the job folds (analytics/index.ts): a report reads at most this and FOLD_AFTER_MS of raw views a day. */
export const FOLD_EVERY_MS = 5 * 60 * 1000;

/** Deletes the folded views of days now totalled, by the retention run or a release before this one. */
const deleteSoFarOfTotalledDays = (db: Kysely<DatabaseSchema>) =>
  sql`delete from analytics_so_far where exists (
    select 1 from analytics_days t where t.day = analytics_so_far.day and t.totalled = 1)`.execute(db);

/**
 * The job of every few minutes (decision 0082): folds the views of each day not yet totalled
 * (today, and yesterday until the retention run) received more than FOLD_AFTER_MS ago into
 * `analytics_so_far`, per page and visit source, as the retention run totals a finished day. The
 * day's `so_far_until` and `so_far_id` then say which of its views are folded: those received
 * before that instant with an id up to that one. The report reads a day not totalled from its
 * folded rows and the raw views after them, with the same numbers as from its raw views alone:
 * each visitor's first view that day is received before any later one, so a visitor whose views
 * straddle the fold keeps its first view, its source and its visit on the folded side. (A view
 * that reaches the database more than FOLD_AFTER_MS late is read raw all the same, by its id;
 * only one earlier than its visitor's views already folded counts that visitor twice, until the
 * day is totalled.) The retention run still totals each day from its raw views, and deletes its
 * folded rows in the same transaction. Run in one transaction (`db`); returns how many views it
 * folded.
 */
export async function foldSoFar(db: Kysely<DatabaseSchema>, now: Date): Promise<number> {
  // A write first: on SQLite the transaction holds the write lock from here, so what it reads
  // next is what it writes on.
  await deleteSoFarOfTotalledDays(db);
  const until = new Date(now.getTime() - FOLD_AFTER_MS).toISOString();
  const newest = await db
    .selectFrom('analytics_views')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  if (newest?.id === null || newest?.id === undefined) return 0;
  const lastId = Number(newest.id);
  const days = await sql<{ day: string; so_far_until: string | null; so_far_id: number | string | null }>`
    select d.day, t.so_far_until, t.so_far_id
    from (
      select distinct v.day from analytics_views v
      where v.day > (select coalesce(max(day), '') from analytics_days where totalled = 1)
    ) d
    left join analytics_days t on t.day = d.day
  `.execute(db);
  let folded = 0;
  for (const { day, so_far_until: before, so_far_id: beforeId } of days.rows) {
    // The fold only moves on (a clock set back does not undo it).
    if (before !== null && until <= before) continue;
    const range = sql`v.day = ${day} and v.at < ${until} and v.id <= ${lastId}${
      before === null ? sql`` : sql` and not (v.at < ${before} and v.id <= ${Number(beforeId)})`
    }`;
    const counted = await sql<{ views: number | string | null }>`
      select sum(v.views) as views from analytics_views v where ${range}
    `.execute(db);
    const views = Number(counted.rows[0]?.views ?? 0);
    if (views > 0)
      await sql`
        insert into analytics_so_far (day, path, channel, source, medium, campaign, views, entries)
        ${viewsBySourceOfVisit(range)}
        on conflict (day, path, channel, source, medium, campaign) do update set
          views = analytics_so_far.views + excluded.views,
          entries = analytics_so_far.entries + excluded.entries
      `.execute(db);
    await db
      .insertInto('analytics_days')
      .values({ day, so_far_until: until, so_far_id: lastId })
      .onConflict((conflict) => conflict.column('day').doUpdateSet({ so_far_until: until, so_far_id: lastId }))
      .execute();
    folded += views;
  }
  return folded;
}
