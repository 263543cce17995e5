import { type Kysely, sql } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Stages from enquiry to enrolment (issue 50, decision 0078):
 * - `contact_submissions.stage` ('new' … 'not-going-ahead'), its reason, who moved it there and
 *   when, and `contacted_at`: when staff first moved it on from New (the reply clock stops there).
 * - `enquiry_stage_moves`: every move, with who and when, going with its enquiry (cascade).
 * - The "replied" mark becomes Contacted, with its who and when; an enquiry with a booking standing
 *   is Assessment booked. The replied columns stay as they were, so the release before reads them
 *   if it is rolled back to; nothing reads or writes them from here on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contact_submissions')
    .addColumn('stage', 'text', (column) => column.notNull().defaultTo('new'))
    .execute();
  for (const column of ['stage_reason', 'staged_at', 'staged_by_name', 'contacted_at'])
    await db.schema.alterTable('contact_submissions').addColumn(column, 'text').execute();
  await db.schema.alterTable('contact_submissions').addColumn('staged_by_account_id', 'integer').execute();
  await db.schema.createIndex('contact_submissions_stage').on('contact_submissions').column('stage').execute();

  await db.schema
    .createTable('enquiry_stage_moves')
    .addColumn('id', 'integer', autoIdColumn(engineOf(db)))
    .addColumn('submission_id', 'integer', (column) =>
      column.notNull().references('contact_submissions.id').onDelete('cascade'),
    )
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('by_account_id', 'integer')
    .addColumn('by_name', 'text')
    .execute();
  await db.schema
    .createIndex('enquiry_stage_moves_submission')
    .on('enquiry_stage_moves')
    .columns(['submission_id', 'id'])
    .execute();
  await db.schema.createIndex('enquiry_stage_moves_to').on('enquiry_stage_moves').columns(['to_stage', 'at']).execute();

  await sql`
    update contact_submissions set stage = 'contacted', contacted_at = replied_at, staged_at = replied_at,
      staged_by_account_id = replied_by_account_id, staged_by_name = replied_by_name
    where replied_at is not null
  `.execute(db);
  await sql`
    insert into enquiry_stage_moves (submission_id, from_stage, to_stage, at, by_account_id, by_name)
    select id, 'new', 'contacted', replied_at, replied_by_account_id, replied_by_name
    from contact_submissions where replied_at is not null
  `.execute(db);
  // A booking standing: Assessment booked, entered when it was made (by the parent, so by nobody of staff).
  await sql`
    insert into enquiry_stage_moves (submission_id, from_stage, to_stage, at)
    select s.id, s.stage, 'booked', b.created_at
    from contact_submissions s join bookings b on b.enquiry_id = s.id
    where b.status = 'booked'
  `.execute(db);
  await sql`
    update contact_submissions set stage = 'booked', staged_at = (
      select max(b.created_at) from bookings b where b.enquiry_id = contact_submissions.id and b.status = 'booked')
    where exists (select 1 from bookings b where b.enquiry_id = contact_submissions.id and b.status = 'booked')
  `.execute(db);
}
