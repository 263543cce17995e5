import { type RawBuilder, sql } from 'kysely';

/**
 * Each visit's first view (decision 0065): per day and visitor, the view received first (`at`, the
 * moment the server counted it), the lower id among views of the same millisecond. Never the
 * lowest id alone: ids follow the order batches reach the database, and each process writes its
 * own batch every second, so a landing page held by one process can get a higher id than the
 * page after it, served by another. `where` narrows the views read, named `v`. Gives rows of
 * `day`, `visitor` and `first_id`.
 */
export const firstViewsOfVisits = (where: RawBuilder<unknown>) => sql`
  select day, visitor, id as first_id from (
    select v.day, v.visitor, v.id,
      row_number() over (partition by v.day, v.visitor order by v.at, v.id) as place
    from analytics_views v where ${where}
  ) ranked where place = 1`;

/**
 * The id of the first view (as above) of the visit the view `alias` belongs to: one seek of the
 * visitor index (day, visitor, at, id) per view, so reading a few minutes' views costs a few
 * minutes' worth, whatever the day held before them.
 */
export const firstViewIdOf = (alias: string) => sql<number>`(
  select p.id from analytics_views p
  where p.day = ${sql.ref(`${alias}.day`)} and p.visitor = ${sql.ref(`${alias}.visitor`)}
  order by p.at, p.id limit 1)`;

/**
 * The views `where` selects (named `v`), per day, page and the source of the visit each belongs to
 * (its first view's: '' for no source, medium or campaign, as the totals keep them): how many, and
 * how many visits began with one of them. Visits begun in a day are its visitors: each visitor's
 * day is one visit with one first view.
 */
export const viewsBySourceOfVisit = (where: RawBuilder<unknown>) => sql<{
  day: string;
  path: string;
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  views: number | string;
  entries: number | string;
}>`
  select w.day, w.path, f.channel, coalesce(f.source, '') as source, coalesce(f.medium, '') as medium,
    coalesce(f.campaign, '') as campaign, sum(w.views) as views,
    sum(case when w.id = f.id then 1 else 0 end) as entries
  from (select v.day, v.path, v.views, v.id, ${firstViewIdOf('v')} as first_id from analytics_views v where ${where}) w
  join analytics_views f on f.id = w.first_id
  group by w.day, w.path, f.channel, coalesce(f.source, ''), coalesce(f.medium, ''), coalesce(f.campaign, '')`;
