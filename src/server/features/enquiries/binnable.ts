import type { Binnable } from '../bin';
import type { EnquiriesRepo } from './repo';
import { retentionDeadline } from './retention';

/**
 * Enquiries as the Bin sees them. The privacy page's retention period still holds in the Bin, so
 * a binned enquiry is due by its retention deadline when that comes first.
 */
export function enquiriesBinnable(enquiries: EnquiriesRepo, retentionMonths: number): Binnable {
  return {
    async binned(filter) {
      return (await enquiries.binned(filter)).map((row) => ({
        id: row.id,
        label: `${row.first_name} ${row.last_name}`,
        detail: row.submission_type === 'assessment' ? 'Assessment request' : 'Contact message',
        deletedAt: row.deleted_at,
        deletedBy: row.deleted_by_name,
        dueBy: retentionDeadline(row.submitted_at, retentionMonths),
      }));
    },
    restore: (id) => enquiries.restore(id),
    deleteForGood: (id) => enquiries.remove(id),
  };
}
