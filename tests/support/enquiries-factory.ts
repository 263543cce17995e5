import type { Kysely } from 'kysely';
import type { Enquiry } from '../../src/shared/enquiries/admin-schemas';
import type { ContactSubmissionsTable, DatabaseSchema } from '../../src/server/db/schema';
import { toEnquiry } from '../../src/server/features/enquiries/repo';

/** Who reviewed, replied, moved or binned it, and its stage's details: absent unless a test says. */
type WhoColumns = {
  [K in keyof ContactSubmissionsTable]: K extends
    | `${string}_by_${string}`
    | `${'reviewed' | 'replied' | 'staged' | 'contacted' | 'nudged' | 'owners_nudged'}_at`
    | 'stage_reason'
    ? K
    : never;
}[keyof ContactSubmissionsTable];

type Insert = Omit<ContactSubmissionsTable, 'id' | 'reviewed' | 'deleted_at' | 'stage' | WhoColumns> &
  Partial<Pick<ContactSubmissionsTable, WhoColumns>> & {
    reviewed?: string;
    deleted_at?: string | null;
    stage?: string;
  };

let sequence = 0;

/**
 * Test factory: inserts a submission straight into the table (the public forms that create them
 * are another feature), with overrides. Submissions are spaced a minute apart so order is stable.
 */
export async function seedEnquiry(db: Kysely<DatabaseSchema>, overrides: Partial<Insert> = {}): Promise<Enquiry> {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const values: Insert = {
    submission_type: 'contact',
    first_name: `Parent${sequence}`,
    last_name: 'Example',
    email: `parent${sequence}@example.test`,
    telephone: null,
    mobile: '07700 900000',
    year_group: null,
    email_title: null,
    notes: null,
    message: 'Could you tell me about GCSE maths tuition?',
    submitted_at: at,
    updated_at: at,
    ...overrides,
  };
  const row = await db.insertInto('contact_submissions').values(values).returningAll().executeTakeFirstOrThrow();
  return toEnquiry(row);
}
