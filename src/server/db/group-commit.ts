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
export function createGroupCommit<Schema>(
  db: Kysely<Schema>,
  {
    maxBatch = 64,
    retryWhenBusy = false,
    busyGiveUpMs = 5000,
    withinTransaction = (_trx, work) => work(),
  }: {
    maxBatch?: number;
    /** SQLite answered BUSY (another process holds the write lock): pause and try again. */
    retryWhenBusy?: boolean;
    busyGiveUpMs?: number;
    /** Wraps the work inside each transaction (connection.ts sets SQLite's lock waiting there). */
    withinTransaction?: <T>(trx: Transaction<Schema>, work: () => Promise<T>) => Promise<T>;
  } = {},
): GroupCommit<Schema> {
  const queue: Job<Schema>[] = [];
  let draining = false;

  const transaction = async <T>(work: (trx: Transaction<Schema>) => Promise<T>): Promise<T> => {
    const giveUpAt = performance.now() + busyGiveUpMs;
    for (;;) {
      try {
        return await db.transaction().execute((trx) => withinTransaction(trx, () => work(trx)));
      } catch (error) {
        if (!retryWhenBusy || !isBusy(error) || performance.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 2));
      }
    }
  };

  const runAlone = async (job: Job<Schema>) => {
    try {
      job.resolve(await transaction(job.work));
    } catch (error) {
      job.reject(error);
    }
  };

  const commitBatch = async (batch: Job<Schema>[]) => {
    if (batch.length === 1) return runAlone(batch[0]!);
    let results: unknown[];
    try {
      results = await transaction(async (trx) => {
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

/** SQLITE_BUSY and its extended codes: the write lock is held by another connection. */
const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');
