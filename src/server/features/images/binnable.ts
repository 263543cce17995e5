import type { Binnable } from '../bin';
import type { ImagesRepo } from './repo';

/** Images as the Bin sees them: named by the file staff uploaded, with their category. */
export function imagesBinnable(images: ImagesRepo): Binnable {
  return {
    async binned(filter) {
      return (await images.binned(filter)).map((row) => ({
        id: row.id,
        label: row.filename,
        detail: `Image, ${row.category}`,
        deletedAt: row.deleted_at,
        deletedBy: row.deleted_by_name,
      }));
    },
    restore: (id) => images.restore(id),
    deleteForGood: (id) => images.delete(id),
  };
}
