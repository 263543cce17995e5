import type { Kysely, Transaction } from 'kysely';

export interface GroupCommit<Schema> {
  /**
   * Runs `work` in a transaction shared with the other writes waiting at that moment, and
   * resolves with its result once that transaction has committed. `work` must only use the
   * database it is given: it may run a second time, alone, when a neighbour made the batch fail.
   */
  run<T>(work: (trx: Transaction<Schema>) => Promise<T>): Promise<T>;
}

interface Job<Schema> {
  work: (trx: Transaction<Schema>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (docs/decisions/0016-group-commit.md): one transaction at a time; writes that
 * arrive while it commits wait and go together in the next, at most `maxBatch` per transaction.
 * A lone write goes at once, so a quiet site adds no delay; under load one commit (and on
 * PostgreSQL one round of locking and WAL flush) serves many requests.
 */
export function createGroupCommit<Schema>(db: Kysely<Schema>, { maxBatch = 64 } = {}): GroupCommit<Schema> {
  const queue: Job<Schema>[] = [];
  let draining = false;

  const runAlone = async (job: Job<Schema>) => {
    try {
      job.resolve(await db.transaction().execute(job.work));
    } catch (error) {
      job.reject(error);
    }
  };

  const commitBatch = async (batch: Job<Schema>[]) => {
    if (batch.length === 1) return runAlone(batch[0]!);
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const done: unknown[] = [];
        for (const job of batch) done.push(await job.work(trx));
        return done;
      });
    } catch {
      // The whole batch rolled back; each write runs again on its own, so one bad write fails only itself.
      for (const job of batch) await runAlone(job);
      return;
    }
    batch.forEach((job, index) => job.resolve(results[index]));
  };

  const drain = async () => {
    draining = true;
    while (queue.length > 0) await commitBatch(queue.splice(0, maxBatch));
    draining = false;
  };

  return {
    run<T>(work: (trx: Transaction<Schema>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) void drain();
      });
    },
  };
}
