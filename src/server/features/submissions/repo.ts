import type { Insertable, Kysely } from 'kysely';
import type { ContactSubmissionsTable, DatabaseSchema } from '../../db/schema';

export type SubmissionType = 'assessment' | 'contact';

/** A new enquiry in API terms; absent optional fields are stored as NULL. */
export interface NewSubmission {
  submissionType: SubmissionType;
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
export async function insertSubmission(db: Kysely<DatabaseSchema>, submission: NewSubmission): Promise<number> {
  const row: Insertable<ContactSubmissionsTable> = {
    submission_type: submission.submissionType,
    first_name: submission.firstName,
    last_name: submission.lastName,
    email: submission.email,
    telephone: orNull(submission.telephone),
    mobile: orNull(submission.mobile),
    year_group: orNull(submission.yearGroup),
    email_title: orNull(submission.emailTitle),
    notes: orNull(submission.notes),
    message: orNull(submission.message),
    reviewed: 'false',
    submitted_at: submission.submittedAt,
    updated_at: submission.submittedAt,
  };
  const { id } = await db.insertInto('contact_submissions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
