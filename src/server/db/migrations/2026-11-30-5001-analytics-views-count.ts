import type { Kysely } from 'kysely';

/**
 * analytics_views.views: how many times one visitor was shown one page from one source within one
 * batch (decision 0065, amended): the recorder counts repeats in memory and writes one row for
 * them, so a flood of identical views costs a row a second, not a row each. Existing rows were one
 * view each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analytics_views')
    .addColumn('views', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}
