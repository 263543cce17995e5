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
