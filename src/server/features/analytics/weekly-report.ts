import type { Clock } from '../../../shared/clock';
import { addDays, londonDate, londonLocalToUtc, mondayOf } from '../../../shared/london-time';
import { paths } from '../../../shared/routes';
import type { SiteFacts } from '../../../shared/site-facts/site-facts';
import { mayUse, type StaffRole } from '../../../shared/staff/staff';
import type { Database } from '../../db/connection';
import { enqueueEmail, type OutgoingEmail } from '../../mail/outbox';
import type { Reports } from './reports';
import { weeklyReportMail } from './weekly-report-mail';

/** The report goes out at this time each Monday on the centre's clock. */
const SEND_AT = '08:00';
/** A report not sent by then (the site was down all Monday morning) is skipped, not sent days late. */
const SEND_WITHIN_HOURS = 24;
/** An owner asking for the report again within this long is told it is on its way. */
export const SEND_NOW_EVERY_MS = 60_000;

const reportEmail = (recipient: string, mail: { subject: string; text: string; html: string }): OutgoingEmail => ({
  kind: 'weekly-report',
  recipient,
  subject: mail.subject,
  body: mail.text,
  html: mail.html,
});

/** The first instant (ISO) of a London date. */
const startOf = (date: string) => londonLocalToUtc(`${date}T00:00`)!;

/**
 * The week whose report is due at `now`, named by the Monday it goes out on, or null outside the
 * sending window. 08:00 is London's wall clock: in the weeks the clocks change, the report still
 * goes at 08:00 and covers Monday to Sunday of the centre's dates (a week of 167 or 169 hours).
 */
export function dueWeek(now: Date): string | null {
  const monday = mondayOf(londonDate(now));
  const sendAt = Date.parse(londonLocalToUtc(`${monday}T${SEND_AT}`)!);
  return now.getTime() >= sendAt && now.getTime() < sendAt + SEND_WITHIN_HOURS * 3_600_000 ? monday : null;
}

/**
 * The owners' Monday report (issue 50, decision 0079): at 08:00 each Monday (London), last week
 * against the week before, to every enabled owner who has not opted out. Its figures are the
 * Insights report's for the same week (reports.ts). Exactly once per week: the mails are queued
 * in the transaction that inserts the week's row in `weekly_reports` (its key is the week), so
 * of every process and instance that finds it due only one queues them, and the durable outbox
 * sends each once across restarts.
 */
export function createWeeklyReport({
  database,
  clock,
  reports,
  siteFacts,
  publicUrl,
  mailOn,
}: {
  database: Database;
  clock: Clock;
  reports: Reports;
  siteFacts: () => Promise<SiteFacts>;
  publicUrl: string;
  /** False without SMTP: nothing is queued, as there is no way to send it. */
  mailOn: boolean;
}) {
  const { db } = database;

  /** The report's mail for the week that begins on `monday`: the seven days before it, and its own bookings. */
  const mailFor = async (monday: string) => {
    const [report, facts, coming] = await Promise.all([
      reports.insights({ from: addDays(monday, -7), to: addDays(monday, -1) }),
      siteFacts(),
      db
        .selectFrom('bookings as b')
        .innerJoin('contact_submissions as s', 's.id', 'b.enquiry_id')
        .select('b.starts_at')
        .where('b.status', '=', 'booked')
        .where('s.deleted_at', 'is', null)
        .where('b.starts_at', '>=', startOf(monday))
        .where('b.starts_at', '<', startOf(addDays(monday, 7)))
        .orderBy('b.starts_at')
        .execute(),
    ]);
    return weeklyReportMail({
      centreName: facts.details.name,
      report,
      comingBookings: coming.map((row) => row.starts_at),
      insightsUrl: `${publicUrl}${paths.adminInsights}`,
    });
  };

  /** Enabled owners who have not opted out. */
  const recipients = async () => {
    const accounts = await db
      .selectFrom('staff_accounts')
      .select(['email', 'roles'])
      .where('disabled_at', 'is', null)
      .where('weekly_report', '=', 'true')
      .execute();
    return accounts
      .filter((account) => mayUse(account.roles.split(',') as StaffRole[], 'owner'))
      .map((account) => account.email);
  };

  return {
    /** Queues this week's report if it is due and nobody has: the number of owners it went to, else 0. */
    async sendDue(): Promise<number> {
      const week = dueWeek(clock());
      if (week === null || !mailOn) return 0;
      const done = await db.selectFrom('weekly_reports').select('week').where('week', '=', week).executeTakeFirst();
      if (done) return 0;
      // Made outside the write lock: the reading is the slow part.
      const [mail, to] = await Promise.all([mailFor(week), recipients()]);
      return database.writes.run(async (trx) => {
        const now = clock();
        const claimed = await trx
          .insertInto('weekly_reports')
          .values({ week, queued_at: now.toISOString(), recipients: to.length })
          .onConflict((conflict) => conflict.column('week').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return 0;
        for (const recipient of to) await enqueueEmail(trx, reportEmail(recipient, mail), now);
        return to.length;
      });
    },

    /**
     * "E-mail me this report" on Insights: last week's report, now, to the owner asking; refused
     * when one was queued for them within the last minute (a double click sends one) or mail is off.
     */
    async sendNow(accountId: number): Promise<{ sentTo: string } | { tooSoon: true } | { mailOff: true }> {
      if (!mailOn) return { mailOff: true };
      const account = await db
        .selectFrom('staff_accounts')
        .select('email')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      const week = mondayOf(londonDate(clock()));
      const mail = await mailFor(week);
      return database.writes.run(async (trx) => {
        const now = clock();
        const recent = await trx
          .selectFrom('email_outbox')
          .select('id')
          .where('kind', '=', 'weekly-report')
          .where('recipient', '=', account.email)
          .where('created_at', '>', new Date(now.getTime() - SEND_NOW_EVERY_MS).toISOString())
          .executeTakeFirst();
        if (recent) return { tooSoon: true as const };
        await enqueueEmail(trx, reportEmail(account.email, mail), now);
        return { sentTo: account.email };
      });
    },

    /** Whether the owner is sent the report each Monday. */
    async isOptedIn(accountId: number): Promise<boolean> {
      const row = await db
        .selectFrom('staff_accounts')
        .select('weekly_report')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return row.weekly_report === 'true';
    },

    async setOptedIn(accountId: number, send: boolean): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({ weekly_report: send ? 'true' : 'false' })
        .where('id', '=', accountId)
        .execute();
    },
  };
}

export type WeeklyReport = ReturnType<typeof createWeeklyReport>;
