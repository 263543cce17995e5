import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Updateable,
  sql,
} from 'kysely';
import type {
  Enquiry,
  MarkedEnquiry,
  EnquiryQuery,
  EnquiryType,
  EnquiryUpdate,
} from '../../../shared/enquiries/admin-schemas';
import type { ContactSubmissionsTable, DatabaseSchema } from '../../db/schema';
import { eraseDeleted } from '../../db/erase';
import { containsText } from '../../db/like';
import { binnableRows } from '../../db/binnable-rows';
import { notBinned } from './not-binned';
import { stageOf } from './stages-repo';
import type { Clock } from '../../../shared/clock';
import type { ActingStaff } from '../../auth/principal';

/** A new enquiry in API terms; absent optional fields are stored as NULL. */
export interface NewEnquiry {
  submissionType: EnquiryType;
  firstName: string;
  lastName: string;
  email: string;
  telephone?: string | undefined;
  mobile?: string | undefined;
  yearGroup?: string | undefined;
  emailTitle?: string | undefined;
  notes?: string | undefined;
  message?: string | undefined;
  submittedAt: string;
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** Stores one enquiry, unreviewed, and returns its id. Pass a transaction to write more with it. */
export async function insertEnquiry(db: Kysely<DatabaseSchema>, enquiry: NewEnquiry): Promise<number> {
  const row: Insertable<ContactSubmissionsTable> = {
    submission_type: enquiry.submissionType,
    first_name: enquiry.firstName,
    last_name: enquiry.lastName,
    email: enquiry.email,
    telephone: orNull(enquiry.telephone),
    mobile: orNull(enquiry.mobile),
    year_group: orNull(enquiry.yearGroup),
    email_title: orNull(enquiry.emailTitle),
    notes: orNull(enquiry.notes),
    message: orNull(enquiry.message),
    reviewed: 'false',
    submitted_at: enquiry.submittedAt,
    updated_at: enquiry.submittedAt,
  };
  const { id } = await db.insertInto('contact_submissions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

type Row = Selectable<ContactSubmissionsTable>;
type Filters = Pick<EnquiryQuery, 'q' | 'type' | 'reviewed' | 'stage'>;

export function toEnquiry(row: Row): Enquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    telephone: row.telephone,
    mobile: row.mobile,
    submissionType: row.submission_type as EnquiryType,
    yearGroup: row.year_group,
    emailTitle: row.email_title,
    notes: row.notes,
    message: row.message,
    reviewed: row.reviewed === 'true' ? 'true' : 'false',
    submittedAt: row.submitted_at,
  };
}

/** The enquiry with staff's marks and who made them (the inbox's cards and the export). */
export function toMarkedEnquiry(row: Row): MarkedEnquiry {
  const reviewed = row.reviewed === 'true';
  return {
    ...toEnquiry(row),
    reviewedBy: reviewed ? row.reviewed_by_name : null,
    reviewedAt: reviewed ? row.reviewed_at : null,
    stage: stageOf(row),
  };
}

/** The contract's entity alone (docs/product.md#enquiry), for the plain list. */
export function withoutMarks(marked: MarkedEnquiry): Enquiry {
  const enquiry: Partial<MarkedEnquiry> = { ...marked };
  for (const mark of ['reviewedBy', 'reviewedAt', 'stage'] as const) delete enquiry[mark];
  return enquiry as Enquiry;
}

const columnOf = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  telephone: 'telephone',
  mobile: 'mobile',
  submissionType: 'submission_type',
  yearGroup: 'year_group',
  emailTitle: 'email_title',
  notes: 'notes',
  message: 'message',
  reviewed: 'reviewed',
} as const satisfies Record<keyof EnquiryUpdate, keyof ContactSubmissionsTable>;

/**
 * The columns saying who marked it reviewed, and when (decision 0066). Marking it again keeps the
 * first who and when (`already` is the row's state before this change: in an UPDATE every column
 * reads the old row); taking the mark off forgets them.
 */
function markedBy(prefix: 'reviewed', on: boolean, already: Expression<unknown>, by: ActingStaff, now: string) {
  const keep = <T>(column: string, value: T) =>
    on ? sql<T>`case when ${already} then ${sql.ref(column)} else ${value} end` : null;
  return {
    [`${prefix}_at`]: keep(`${prefix}_at`, now),
    [`${prefix}_by_account_id`]: keep(`${prefix}_by_account_id`, by.accountId),
    [`${prefix}_by_name`]: keep(`${prefix}_by_name`, by.name),
  };
}

function matches(filters: Filters) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'contact_submissions'>) => {
    const conditions = [notBinned(eb)];
    if (filters.type) conditions.push(eb('submission_type', '=', filters.type));
    // Anything but 'true' counts as unreviewed (docs/product.md#enquiry: missing counts as unreviewed).
    if (filters.reviewed === 'true') conditions.push(eb('reviewed', '=', 'true'));
    if (filters.reviewed === 'false') conditions.push(eb('reviewed', '<>', 'true'));
    if (filters.stage) conditions.push(eb('stage', '=', filters.stage));
    if (filters.q) {
      const q = filters.q;
      const like = (expression: Expression<unknown>) => containsText(expression, q);
      conditions.push(
        eb.or([
          like(sql`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`),
          like(sql.ref('email')),
          like(sql`coalesce(${sql.ref('telephone')}, '')`),
          like(sql`coalesce(${sql.ref('mobile')}, '')`),
          like(sql`coalesce(${sql.ref('message')}, '')`),
          like(sql`coalesce(${sql.ref('notes')}, '')`),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createEnquiriesRepo(db: Kysely<DatabaseSchema>, clock: Clock) {
  return {
    /** Newest first; limit/offset only when paging. */
    async list(filters: Filters, paging?: { limit: number; offset: number }): Promise<MarkedEnquiry[]> {
      let query = db
        .selectFrom('contact_submissions')
        .selectAll()
        .where(matches(filters))
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc');
      if (paging) query = query.limit(paging.limit).offset(paging.offset);
      return (await query.execute()).map(toMarkedEnquiry);
    },

    async count(filters: Filters): Promise<number> {
      const row = await db
        .selectFrom('contact_submissions')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(matches(filters))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Changes what was sent; `by` is who, kept beside the reviewed mark. */
    async update(id: number, changes: EnquiryUpdate, by: ActingStaff): Promise<Enquiry | undefined> {
      const now = clock().toISOString();
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(changes) as [keyof EnquiryUpdate, string | null | undefined][]) {
        if (value !== undefined) values[columnOf[field]] = value;
      }
      if (changes.reviewed !== undefined) {
        Object.assign(
          values,
          markedBy('reviewed', changes.reviewed === 'true', sql`${sql.ref('reviewed')} = 'true'`, by, now),
        );
      }
      // The schema guarantees first_name, last_name, email, submission_type and reviewed are never null.
      const update = values as Updateable<ContactSubmissionsTable>;
      const row = await db
        .updateTable('contact_submissions')
        .set({ ...update, updated_at: now })
        .where('id', '=', id)
        .where(notBinned)
        .returningAll()
        .executeTakeFirst();
      return row ? toEnquiry(row) : undefined;
    },

    ...binnableRows(db, 'contact_submissions', ['first_name', 'last_name', 'submission_type', 'submitted_at'], clock),

    /** Deletes the enquiry and everything kept about it (its e-mails, staff's notes) together. */
    async remove(id: number): Promise<boolean> {
      const removed = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_outbox').where('submission_id', '=', id).execute();
        const result = await trx.deleteFrom('contact_submissions').where('id', '=', id).executeTakeFirst();
        // After the enquiry's row: a note being added meanwhile waits for that row (workflow-repo addNote).
        await trx.deleteFrom('staff_notes').where('submission_id', '=', id).execute();
        return Number(result.numDeletedRows) > 0;
      });
      if (removed) await eraseDeleted(db);
      return removed;
    },

    /** Retention: deletes what was submitted before the cutoff, with its e-mails and notes; answers how many went. */
    async removeSubmittedBefore(cutoff: Date): Promise<number> {
      const expired = (trx: Kysely<DatabaseSchema>) =>
        trx.selectFrom('contact_submissions').select('id').where('submitted_at', '<', cutoff.toISOString());
      const removed = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_outbox').where('submission_id', 'in', expired(trx)).execute();
        const result = await trx
          .deleteFrom('contact_submissions')
          .where('submitted_at', '<', cutoff.toISOString())
          .executeTakeFirst();
        // Notes whose enquiry is gone, after it went (see remove).
        await trx
          .deleteFrom('staff_notes')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('contact_submissions')
                  .select('id')
                  .whereRef('contact_submissions.id', '=', 'staff_notes.submission_id'),
              ),
            ),
          )
          .execute();
        return Number(result.numDeletedRows);
      });
      if (removed > 0) await eraseDeleted(db);
      return removed;
    },
  };
}

export type EnquiriesRepo = ReturnType<typeof createEnquiriesRepo>;
