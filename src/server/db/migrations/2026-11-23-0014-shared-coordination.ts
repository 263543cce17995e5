import type { Kysely } from 'kysely';

/**
 * State that several processes (cluster workers, or app instances on one PostgreSQL) must share
 * (docs/decisions/0014-several-processes.md):
 * - content_generation: one row, bumped after every successful staff write, so each process's page
 *   cache can tell that what it holds is out of date;
 * - scheduled_jobs: when each periodic job may next run; claiming a run is a conditional update,
 *   so a daily job runs once a day however many processes look at it;
 * - rate_limit_counters: per-address counters in a fixed window, counted the same by every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_generation')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('generation', 'integer', (column) => column.notNull())
    .execute();
  await db
    .insertInto('content_generation' as never)
    .values({ id: 1, generation: 0 } as never)
    .execute();

  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (column) => column.primaryKey())
    /** ISO time from which the next run may be claimed. */
    .addColumn('next_run_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('rate_limit_counters')
    /** What is counted and for whom, e.g. 'enquiry|203.0.113.9'. */
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    /** ISO time when the window ends and the count starts again. */
    .addColumn('reset_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_counters_reset').on('rate_limit_counters').column('reset_at').execute();
}
