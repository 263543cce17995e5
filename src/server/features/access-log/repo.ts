import type { Kysely, SelectQueryBuilder } from 'kysely';
import type {
  AccessLogEntry,
  AccessActorKind,
  AccessOutcome,
  AccessTargetKind,
} from '../../../shared/access-log/access-log';
import type { AccessLogTable, DatabaseSchema } from '../../db/schema';

/** One entry to write; `at` is the recorder's clock. */
export type NewAccessEntry = Omit<AccessLogTable, 'id'>;

/** What owners filter by: who acted (the admin key has no id) and which enquiry. */
export interface AccessLogFilters {
  actor?: { kind: AccessActorKind; id: number | null };
  enquiryId?: number;
}

type Row = { [K in keyof AccessLogTable]: K extends 'id' ? number : AccessLogTable[K] };

const entryOf = (row: Row): AccessLogEntry => ({
  id: row.id,
  at: row.at,
  actor: { kind: row.actor_kind as AccessActorKind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  target:
    row.target_kind === null || row.target_id === null
      ? null
      : { kind: row.target_kind as AccessTargetKind, id: row.target_id },
  outcome: row.outcome as AccessOutcome,
});

export function createAccessLogRepo(db: Kysely<DatabaseSchema>) {
  const filtered = <O>(query: SelectQueryBuilder<DatabaseSchema, 'access_log', O>, filters: AccessLogFilters) => {
    let result = query;
    const { actor, enquiryId } = filters;
    if (actor) {
      result = result.where('actor_kind', '=', actor.kind);
      result = actor.id === null ? result.where('actor_id', 'is', null) : result.where('actor_id', '=', actor.id);
    }
    if (enquiryId !== undefined) {
      result = result.where('target_kind', '=', 'enquiry').where('target_id', '=', String(enquiryId));
    }
    return result;
  };

  return {
    async add(entry: NewAccessEntry): Promise<void> {
      await db.insertInto('access_log').values(entry).execute();
    },

    /** Newest first; entries of the same moment in the order they were written, last first. */
    async list(filters: AccessLogFilters, { limit, offset }: { limit: number; offset: number }) {
      const rows = await filtered(db.selectFrom('access_log').selectAll(), filters)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(entryOf);
    },

    async count(filters: AccessLogFilters): Promise<number> {
      const row = await filtered(
        db.selectFrom('access_log').select((eb) => eb.fn.countAll<number | string>().as('total')),
        filters,
      ).executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Deletes the entries written before `cutoff`; answers how many. */
    async deleteBefore(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom('access_log').where('at', '<', cutoff.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccessLogRepo = ReturnType<typeof createAccessLogRepo>;
