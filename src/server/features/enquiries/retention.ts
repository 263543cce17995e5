import type { Kysely } from 'kysely';
import type { Clock } from '../../../shared/clock';
import type { DatabaseSchema } from '../../db/schema';
import { ACCESS_LOG_KEEP_DAYS, BIN_KEEP_DAYS, SENT_MAIL_KEEP_DAYS } from '../../../shared/retention';
import { purgeSentBefore } from '../../mail/outbox';
import { startScheduledJob } from '../../coordination/scheduled-jobs';
import type { Bin } from '../bin';
import type { EnquiriesRepo } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which submissions are deleted: the same day of the month, `months` earlier (UTC). */
export function retentionCutoff(months: number, now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** When the retention job deletes an enquiry: `months` after it was sent (the inverse of retentionCutoff). */
export function retentionDeadline(submittedAt: string, months: number): Date {
  const deadline = new Date(submittedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + months);
  return deadline;
}

export async function deleteExpiredEnquiries(enquiries: EnquiriesRepo, months: number, now: Date) {
  return enquiries.removeSubmittedBefore(retentionCutoff(months, now));
}

/** Delivered notification e-mails are kept SENT_MAIL_KEEP_DAYS, then forgotten. */
export async function purgeSentMail(db: Kysely<DatabaseSchema>, now: Date) {
  return purgeSentBefore(db, new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * DAY_MS));
}

/** Where the retention run reports: the process log. */
export interface RetentionLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Deletes expired submissions (binned or not), what has been in the Bin past BIN_KEEP_DAYS, and
 * delivered mail and access-log entries past their days, once a day across every process and
 * instance sharing the database (a scheduled job, so two instances on one PostgreSQL still run it
 * once): at start when the last run was a day ago or more, then daily. A failed run is logged
 * and retried the next day. Call the returned stop() on shutdown; the timer never keeps the
 * process alive. The Bin and the access log's deletion are the app's, handed over by
 * features/index.ts.
 */
export function startRetention(
  {
    db,
    clock,
    months,
    enquiries,
    bin,
    deleteExpiredAccessLog,
  }: {
    db: Kysely<DatabaseSchema>;
    clock: Clock;
    months: number;
    enquiries: EnquiriesRepo;
    bin: Bin;
    deleteExpiredAccessLog: () => Promise<number>;
  },
  log: RetentionLog,
): { firstRun: Promise<void>; stop(): void } {
  const job = startScheduledJob({
    db,
    name: 'retention',
    intervalMs: DAY_MS,
    clock,
    log,
    run: async () => {
      const now = clock();
      const deleted = await deleteExpiredEnquiries(enquiries, months, now);
      if (deleted > 0) log.info({ deleted, months }, 'deleted submissions past the retention period');
      const emptied = await bin.emptyExpired(now);
      if (emptied > 0) log.info({ emptied, days: BIN_KEEP_DAYS }, 'deleted for good what was in the Bin past its days');
      const purged = await purgeSentMail(db, now);
      if (purged > 0) log.info({ purged, days: SENT_MAIL_KEEP_DAYS }, 'deleted delivered notification e-mails');
      const forgotten = await deleteExpiredAccessLog();
      if (forgotten > 0)
        log.info({ forgotten, days: ACCESS_LOG_KEEP_DAYS }, 'deleted access-log entries past their days');
    },
  });
  return { firstRun: job.firstCheck, stop: job.stop };
}
