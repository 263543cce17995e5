import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * The one "not in the Bin" rule for enquiries (decision 0036): every read and change outside the
 * Bin sees only these rows. Staff's notes and the notification e-mail belong to an enquiry, so
 * their queries ask through `liveEnquiry` whether it is still outside the Bin.
 */
export const notBinned = (eb: ExpressionBuilder<DatabaseSchema, 'contact_submissions'>) => eb('deleted_at', 'is', null);

/** The enquiry `id` when it exists outside the Bin, as a subquery (no row otherwise). */
export const liveEnquiry = (db: Kysely<DatabaseSchema>, id: number) =>
  db.selectFrom('contact_submissions').select('id').where('id', '=', id).where(notBinned);
