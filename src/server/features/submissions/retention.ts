import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { SENT_MAIL_KEEP_DAYS } from '../../../shared/retention';
import { purgeSentBefore } from '../../mail/outbox';
import { createSubmissionsRepo } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which submissions are deleted: the same day of the month, `months` earlier (UTC). */
export function retentionCutoff(months: number, now: Date = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function deleteExpiredSubmissions(db: Kysely<DatabaseSchema>, months: number, now?: Date) {
  return createSubmissionsRepo(db).removeSubmittedBefore(retentionCutoff(months, now));
}

/** Delivered notification e-mails are kept SENT_MAIL_KEEP_DAYS, then forgotten. */
export async function purgeSentMail(db: Kysely<DatabaseSchema>, now: Date = new Date()) {
  return purgeSentBefore(db, new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * DAY_MS));
}

/**
 * Deletes expired submissions (and delivered mail past its days) now and then once a day. The timer is unref'd so it never keeps the
 * process alive; call the returned stop() on shutdown. A failed run is logged and retried next day.
 */
export function startRetention(
  db: Kysely<DatabaseSchema>,
  months: number,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
): { firstRun: Promise<void>; stop(): void } {
  const run = async () => {
    try {
      const deleted = await deleteExpiredSubmissions(db, months);
      if (deleted > 0) log.info({ deleted, months }, 'deleted submissions past the retention period');
      const purged = await purgeSentMail(db);
      if (purged > 0) log.info({ purged, days: SENT_MAIL_KEEP_DAYS }, 'deleted delivered notification e-mails');
    } catch (error) {
      log.error({ err: error }, 'retention run failed');
    }
  };
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return { firstRun: run(), stop: () => clearInterval(timer) };
}
