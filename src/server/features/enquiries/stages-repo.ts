import { type Kysely, type Selectable, sql } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { EnquiryStage, Stage, StageMove } from '../../../shared/enquiries/stages';
import type { ActingStaff } from '../../auth/principal';
import type { Database } from '../../db/connection';
import type { ContactSubmissionsTable, DatabaseSchema } from '../../db/schema';
import { notBinned } from './not-binned';

type StageColumns = Pick<
  Selectable<ContactSubmissionsTable>,
  'stage' | 'stage_reason' | 'staged_at' | 'staged_by_name' | 'contacted_at'
>;

/** Where an enquiry stands, from its row. */
export const stageOf = (row: StageColumns): EnquiryStage => ({
  stage: row.stage as Stage,
  reason: row.stage_reason,
  movedBy: row.staged_by_name,
  movedAt: row.staged_at,
  contactedAt: row.contacted_at,
});

/** What a move found instead: the enquiry had moved since the screen was drawn, or was put in the Bin. */
export type StageConflict = { conflict: EnquiryStage } | { binned: { by: string | null; at: string } };

/**
 * Records that a booking made by the parent entered its enquiry at Assessment booked, in the
 * booking's own transaction (`trx`): no member of staff moved it.
 */
export async function enteredBooked(trx: Kysely<DatabaseSchema>, id: number, at: string): Promise<void> {
  // A new booking's enquiry is New; a waiting family's (issue 51) may have been moved on meanwhile.
  const { stage } = await trx
    .selectFrom('contact_submissions')
    .select('stage')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await trx.updateTable('contact_submissions').set({ stage: 'booked', staged_at: at }).where('id', '=', id).execute();
  await trx
    .insertInto('enquiry_stage_moves')
    .values({ submission_id: id, from_stage: stage, to_stage: 'booked', at })
    .execute();
}

/** Staff's moves of enquiries between stages (issue 50, decision 0078). */
export function createStagesRepo(database: Database, clock: Clock) {
  return {
    /** Whether enquiry `id` is in the inbox (a binned one is missing, as on every enquiry route). */
    async exists(id: number): Promise<boolean> {
      const row = await database.db
        .selectFrom('contact_submissions')
        .select('id')
        .where('id', '=', id)
        .where(notBinned)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Moves enquiry `id` as `move` says, if it still stands at `move.from` and is outside the Bin:
     * one conditional update, so of two screens moving it at once exactly one wins (the other
     * finds the stage changed and is answered the conflict). The move is recorded with who and
     * when in the same transaction. Moving it on from New stops its reply clock (`contacted_at`,
     * kept from the first time); moving it back to New starts it again from the enquiry's arrival.
     * Undefined when there is no such enquiry (never was, or erased).
     */
    async move(id: number, move: StageMove, by: ActingStaff): Promise<EnquiryStage | StageConflict | undefined> {
      const now = clock().toISOString();
      // The group commit's transaction: on SQLite it takes the write lock first, so two processes'
      // moves queue rather than fail (a deferred transaction would be refused the lock at once).
      return database.writes.run(async (trx) => {
        const moved = await trx
          .updateTable('contact_submissions')
          .set((eb) => ({
            stage: move.to,
            stage_reason: move.reason ?? null,
            staged_at: now,
            staged_by_account_id: by.accountId,
            staged_by_name: by.name,
            contacted_at: move.to === 'new' ? null : eb.fn.coalesce('contacted_at', eb.val(now)),
            // An enquiry moved on has been read: marked reviewed too, keeping an earlier mark's who and when.
            ...(move.to !== 'new' && {
              reviewed: 'true',
              reviewed_at: sql<string>`case when ${sql.ref('reviewed')} = 'true' then ${sql.ref('reviewed_at')} else ${now} end`,
              reviewed_by_account_id: sql<
                number | null
              >`case when ${sql.ref('reviewed')} = 'true' then ${sql.ref('reviewed_by_account_id')} else ${by.accountId} end`,
              reviewed_by_name: sql<
                string | null
              >`case when ${sql.ref('reviewed')} = 'true' then ${sql.ref('reviewed_by_name')} else ${by.name} end`,
            }),
            updated_at: now,
          }))
          .where('id', '=', id)
          .where(notBinned)
          .where('stage', '=', move.from)
          .returning(['stage', 'stage_reason', 'staged_at', 'staged_by_name', 'contacted_at'])
          .executeTakeFirst();
        if (!moved) {
          const current = await trx
            .selectFrom('contact_submissions')
            .select([
              'stage',
              'stage_reason',
              'staged_at',
              'staged_by_name',
              'contacted_at',
              'deleted_at',
              'deleted_by_name',
            ])
            .where('id', '=', id)
            .executeTakeFirst();
          if (!current) return undefined;
          if (current.deleted_at !== null) return { binned: { by: current.deleted_by_name, at: current.deleted_at } };
          return { conflict: stageOf(current) };
        }
        await trx
          .insertInto('enquiry_stage_moves')
          .values({
            submission_id: id,
            from_stage: move.from,
            to_stage: move.to,
            reason: move.reason ?? null,
            at: now,
            by_account_id: by.accountId,
            by_name: by.name,
          })
          .execute();
        return stageOf(moved);
      });
    },
  };
}

export type StagesRepo = ReturnType<typeof createStagesRepo>;
