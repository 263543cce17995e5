import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from './schema';
import type { Clock } from '../../shared/clock';
import type { ActingStaff } from '../auth/principal';

/** The tables whose rows go to the Bin: each has an `id` and a `deleted_at` (decision 0036). */
export type BinnableTable = 'contact_submissions' | 'blog_posts' | 'images';

/**
 * Moving to the Bin, restoring, and listing what is there: the same three statements for every
 * kind, so they are written once, here beside the tables rather than in any one feature. `columns`
 * are what the Bin screen shows of a row.
 */
export function binnableRows<T extends BinnableTable, C extends keyof Selectable<DatabaseSchema[T]> & string>(
  db: Kysely<DatabaseSchema>,
  table: T,
  columns: readonly C[],
  clock: Clock,
) {
  // Kysely cannot check a statement over a union of tables; every member has `id` and
  // `deleted_at` of the same types, so the statements are typed through one of them.
  const rows = db as unknown as Kysely<Pick<DatabaseSchema, 'images'>>;
  const name = table as unknown as 'images';
  return {
    /** Moves a row to the Bin, saying who did, in `trx` when given; false when there is no such row outside it. */
    async bin(id: number, by: ActingStaff, trx?: Kysely<DatabaseSchema>): Promise<boolean> {
      const result = await ((trx ?? rows) as unknown as typeof rows)
        .updateTable(name)
        .set({ deleted_at: clock().toISOString(), deleted_by_account_id: by.accountId, deleted_by_name: by.name })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes a row out of the Bin; false when it is not in the Bin. */
    async restore(id: number): Promise<boolean> {
      const result = await rows
        .updateTable(name)
        .set({ deleted_at: null, deleted_by_account_id: null, deleted_by_name: null })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The binned rows, most recently binned first; `before` keeps those binned earlier than it, `id` that one. */
    async binned({ before, id }: { before?: Date; id?: number } = {}) {
      let query = rows
        .selectFrom(name)
        .select([...(columns as unknown as 'id'[]), 'id', 'deleted_at', 'deleted_by_name'])
        .where('deleted_at', 'is not', null);
      if (before) query = query.where('deleted_at', '<', before.toISOString());
      if (id !== undefined) query = query.where('id', '=', id);
      const found = await query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
      return found as unknown as (Pick<Selectable<DatabaseSchema[T]>, C> & {
        id: number;
        deleted_at: string;
        /** Null for a row binned before names were kept. */
        deleted_by_name: string | null;
      })[];
    },
  };
}
