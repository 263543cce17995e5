import type { Binnable } from '../bin';
import type { BlogRepo } from './repo';

/** Posts as the Bin sees them: named by title, with the address they had. */
export function postsBinnable(posts: BlogRepo): Binnable {
  return {
    async binned(filter) {
      return (await posts.binned(filter)).map((row) => ({
        id: row.id,
        label: row.title,
        detail: `/blog/${row.slug}`,
        deletedAt: row.deleted_at,
        deletedBy: row.deleted_by_name,
      }));
    },
    restore: (id) => posts.restore(id),
    deleteForGood: (id) => posts.delete(id),
  };
}
