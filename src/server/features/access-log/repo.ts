import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type {
  AccessLogEntry,
  AccessActorKind,
  AccessOutcome,
  AccessTargetKind,
} from '../../../shared/access-log/access-log';
import { countHit } from '../../coordination/rate-limit-counters';
import type { AccessLogTable, DatabaseSchema } from '../../db/schema';

/** One entry to write; `at` is the recorder's clock. */
export type NewAccessEntry = Omit<AccessLogTable, 'id' | 'repeats' | 'summary_key'>;

/** What owners filter by: who acted (the admin key has no id) and which enquiry. */
export interface AccessLogFilters {
  actor?: { kind: AccessActorKind; id: number | null };
  enquiryId?: number;
}

type Row = {
  id: number;
  at: string;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string;
  actor_email: string | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  target_name: string | null;
  outcome: string;
  address: string | null;
  repeats: number | null;
  shown: number | string;
};

/**
 * What the record is called now, for the owners' reading ("Invitation for …"): an invitation's
 * address, an account's or a token's name. Null once it is gone, or for kinds named by number.
 */
const targetName = sql<string | null>`case access_log.target_kind
  when 'invitation' then (select email from staff_invitations where cast(staff_invitations.id as text) = access_log.target_id)
  when 'account' then (select name from staff_accounts where cast(staff_accounts.id as text) = access_log.target_id)
  when 'api-token' then (select name from api_tokens where cast(api_tokens.id as text) = access_log.target_id)
end`;

const entryOf = (row: Row): AccessLogEntry => ({
  id: row.id,
  at: row.at,
  actor: {
    kind: row.actor_kind as AccessActorKind,
    id: row.actor_id,
    name: row.actor_name,
    email: row.actor_kind === 'account' ? row.actor_email : null,
  },
  action: row.action,
  target:
    row.target_kind === null || row.target_id === null
      ? null
      : { kind: row.target_kind as AccessTargetKind, id: row.target_id, name: row.target_name },
  outcome: row.outcome as AccessOutcome,
  address: row.address,
  shown: Number(row.shown),
  repeats: row.repeats,
});

/** Enquiry ids written per statement: well inside both databases' limits on parameters. */
const SHOWN_PER_INSERT = 500;

export function createAccessLogRepo(db: Kysely<DatabaseSchema>) {
  const filtered = <O>(query: SelectQueryBuilder<DatabaseSchema, 'access_log', O>, filters: AccessLogFilters) => {
    let result = query;
    const { actor, enquiryId } = filters;
    if (actor) {
      result = result.where('actor_kind', '=', actor.kind);
      result = actor.id === null ? result.where('actor_id', 'is', null) : result.where('actor_id', '=', actor.id);
    }
    if (enquiryId !== undefined) {
      // About the enquiry, or an answer that showed it among others.
      result = result.where((eb) =>
        eb.or([
          eb.and([eb('target_kind', '=', 'enquiry'), eb('target_id', '=', String(enquiryId))]),
          eb(
            'access_log.id',
            'in',
            eb.selectFrom('access_log_enquiries').select('entry_id').where('enquiry_id', '=', enquiryId),
          ),
        ]),
      );
    }
    return result;
  };

  return {
    /** Writes an entry and, in the same transaction, the enquiries it showed. */
    async add(entry: NewAccessEntry, shownEnquiries: readonly number[] = []): Promise<void> {
      if (shownEnquiries.length === 0) {
        await db
          .insertInto('access_log')
          .values({ ...entry, repeats: null, summary_key: null })
          .execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('access_log')
          .values({ ...entry, repeats: null, summary_key: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids = [...new Set(shownEnquiries)];
        for (let start = 0; start < ids.length; start += SHOWN_PER_INSERT) {
          await trx
            .insertInto('access_log_enquiries')
            .values(
              ids.slice(start, start + SHOWN_PER_INSERT).map((enquiryId) => ({ entry_id: id, enquiry_id: enquiryId })),
            )
            .execute();
        }
      });
    },

    /** Counts a refusal from `addressKey` in its window: its number, and when the window ends. */
    async countRefusal(addressKey: string, windowMs: number, now: Date) {
      const { count, ttlMs } = await countHit(db, `access-log-refused|${addressKey}`, windowMs, now);
      return { count, windowEndsAt: new Date(now.getTime() + ttlMs) };
    },

    /**
     * The summary entry of refusals past the limit from one address in one window: written by the
     * first, counted up by each after (one upsert, so refusals arriving together share it).
     */
    async addToSummary(entry: NewAccessEntry, summaryKey: string): Promise<void> {
      await db
        .insertInto('access_log')
        .values({ ...entry, repeats: 1, summary_key: summaryKey })
        .onConflict((conflict) =>
          conflict.column('summary_key').doUpdateSet({ repeats: sql<number>`access_log.repeats + 1` }),
        )
        .execute();
    },

    /** Newest first; entries of the same moment in the order they were written, last first. */
    async list(filters: AccessLogFilters, { limit, offset }: { limit: number; offset: number }) {
      const rows = await filtered(
        db
          .selectFrom('access_log')
          .select([
            'access_log.id',
            'at',
            'actor_kind',
            'actor_id',
            'actor_name',
            'action',
            'target_kind',
            'target_id',
            'outcome',
            'address',
            'repeats',
          ])
          .select(targetName.as('target_name'))
          // The account's address beside the name it had: names may look alike, addresses are unique.
          .select((eb) =>
            eb
              .selectFrom('staff_accounts')
              .select('staff_accounts.email')
              .whereRef('staff_accounts.id', '=', 'access_log.actor_id')
              .as('actor_email'),
          )
          .select((eb) =>
            eb
              .selectFrom('access_log_enquiries')
              .select((inner) => inner.fn.countAll<number | string>().as('shown'))
              .whereRef('access_log_enquiries.entry_id', '=', 'access_log.id')
              .as('shown'),
          ),
        filters,
      )
        .orderBy('at', 'desc')
        .orderBy('access_log.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => entryOf(row as Row));
    },

    async count(filters: AccessLogFilters): Promise<number> {
      const row = await filtered(
        db.selectFrom('access_log').select((eb) => eb.fn.countAll<number | string>().as('total')),
        filters,
      ).executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Deletes the entries written before `cutoff`, with the enquiries they listed; answers how many. */
    async deleteBefore(cutoff: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const old = trx.selectFrom('access_log').select('id').where('at', '<', cutoff.toISOString());
        await trx.deleteFrom('access_log_enquiries').where('entry_id', 'in', old).execute();
        const result = await trx.deleteFrom('access_log').where('at', '<', cutoff.toISOString()).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type AccessLogRepo = ReturnType<typeof createAccessLogRepo>;
