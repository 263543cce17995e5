import type { Clock } from '../shared/clock';
import { createSecretBox } from './auth/secrets-at-rest';
import type { Config } from './config';
import { startScheduledJob } from './coordination/scheduled-jobs';
import { deleteEndedCounters } from './coordination/rate-limit-counters';
import { deleteEndedSessions } from './auth/admin-sessions';
import { deleteEndedBudgets } from './auth/sign-in-budgets';
import type { Database } from './db/connection';
import { createFeatures } from './features/index';
import { type MailWorker, startMailWorker } from './mail/worker';
import type { ProcessLog } from './process-log';

export interface BackgroundWork {
  /** New staff mail was queued (here or in a worker process): send it now. */
  wakeMail(): void;
  stop(): Promise<void>;
}

/**
 * The work that is not a request: the staff e-mail outbox, the daily retention run, clearing
 * ended rate-limit windows and purging ended staff sessions. One process per app instance runs it (the only process, or the cluster
 * primary); the outbox lease and the scheduled-job claims keep instances sharing a database from
 * doing anything twice.
 */
export function startBackgroundWork(config: Config, database: Database, clock: Clock, log: ProcessLog): BackgroundWork {
  const features = createFeatures({ config, database, clock });
  const retention = features.startRetention(log);
  const counters = startScheduledJob({
    db: database.db,
    name: 'rate-limit-cleanup',
    intervalMs: 60 * 60_000,
    clock,
    log,
    run: async () => {
      await deleteEndedCounters(database.db, clock());
      await deleteEndedBudgets(database.db, clock());
      // Sign-ins left half-way (decision 0058) are refused once ended; this keeps the table small.
      await features.deleteEndedChallenges();
    },
  });
  // Ended staff sessions are refused anyway; the daily purge keeps the table to live ones.
  const sessions = startScheduledJob({
    db: database.db,
    name: 'admin-session-cleanup',
    intervalMs: 24 * 60 * 60_000,
    clock,
    log,
    run: async () => void (await deleteEndedSessions(database.db, config.adminSession, clock())),
  });
  // Booked assessments' reminders, a day ahead, queued once each (decision 0071).
  const reminders = features.bookings.startReminders(log);
  // Families on the waiting list told of times come free in their days (issue 51), each freeing once.
  const waitingList = features.bookings.startWaitingList(log);
  // Families still waiting for a first contact past the reply target (issue 50), nudged once each.
  const nudges = features.startNudges(log);
  // The owners' Monday report at 08:00 London (issue 50), queued once a week.
  const weeklyReport = features.analytics.startWeeklyReport(log);
  // Today's page views folded every few minutes, so Insights reads a few minutes of them raw (decision 0082).
  const foldSoFar = features.analytics.startFoldSoFar(log);
  let mailWorker: MailWorker | undefined;
  if (config.mail) {
    mailWorker = startMailWorker({
      db: database.db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      clock,
      log: { info: (message) => log.info(message), warn: (data, message) => log.warn(data, message) },
      // A booking's link tokens wait sealed in the outbox (decision 0071): opened only to send.
      secrets: createSecretBox(config.secretsKeyFile),
    });
    log.info(`staff e-mail notifications on: new enquiries go to ${config.mail.notifyEmail}`);
  } else {
    log.info('staff e-mail notifications are off: set SMTP_URL and NOTIFY_EMAIL to turn them on');
  }
  return {
    wakeMail: () => mailWorker?.wake(),
    async stop() {
      retention.stop();
      counters.stop();
      sessions.stop();
      reminders.stop();
      waitingList.stop();
      nudges.stop();
      weeklyReport.stop();
      foldSoFar.stop();
      await mailWorker?.stop();
    },
  };
}
