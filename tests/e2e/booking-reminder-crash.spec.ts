import { type ReceivedMail, startTestSmtpServer, waitFor } from '../support/smtp';
import { expect, test } from './fixtures';
import { withDatabase } from './enquiries-db';
import { startServer } from './server';

const parentEmail = 'reminded-parent@example.test';
const hourMs = 60 * 60_000;

/** The reminder's rows in the outbox, as the data folder holds them. */
const reminderRows = (dataDir: string) =>
  withDatabase(
    dataDir,
    (db) =>
      db.prepare("select status, attempts from email_outbox where kind = 'booking-reminder' order by id").all() as {
        status: string;
        attempts: number;
      }[],
  );

/**
 * What the hours between the processes' lives would have done, written while no process runs (the
 * built server reads the real clock): the job's five minutes and the outbox's two-minute lease
 * have run out, as they would have by a restart some minutes later.
 */
const timePasses = (dataDir: string) =>
  withDatabase(dataDir, (db) => {
    const past = new Date(Date.now() - hourMs).toISOString();
    db.prepare("update scheduled_jobs set next_run_at = ? where name = 'booking-reminders'").run(past);
    db.prepare('update email_outbox set locked_until = ? where locked_until is not null').run(past);
  });

const isReminder = (mail: ReceivedMail) => mail.to.includes(parentEmail) && mail.text.includes('Reminder:');

/** Issue 41, done when: a reminder due while the process is killed with kill -9 and restarted is sent exactly once. */
test('a reminder due while the server is killed with SIGKILL, and killed again while sending it, arrives exactly once', async () => {
  test.setTimeout(120_000);
  let holding = false;
  // The mail server hangs on the reminder while `holding`: it has the message but never says "250 OK".
  const smtp = await startTestSmtpServer(0, undefined, { hold: (mail) => holding && mail.to.includes(parentEmail) });
  const env = { WEB_CONCURRENCY: '1', SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test' };
  const first = await startServer(env);
  const { dataDir } = first;
  try {
    // A parent books the first time offered; the confirmation and the office's notice go out.
    const times = (await (await fetch(`${first.baseUrl}/api/bookings/times`)).json()) as {
      days: { times: { start: string }[] }[];
    };
    const startsAt = times.days[0]!.times[0]!.start;
    const booked = await fetch(`${first.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Priya',
        lastName: 'Khan',
        telephone: '01632 960000',
        email: parentEmail,
        subjectTitle: 'GCSE Maths',
        startsAt,
      }),
    });
    expect(booked.status).toBe(201);
    await waitFor(() => smtp.received.length === 2, 30_000);
    expect(reminderRows(dataDir)).toEqual([]);

    // kill -9 while nothing is due; while it is down the booking comes within a day: booked two
    // days ago for three hours from now.
    await first.stop('SIGKILL');
    withDatabase(dataDir, (db) => {
      const start = Date.now() + 3 * hourMs;
      db.prepare('update bookings set starts_at = ?, ends_at = ?, created_at = ?').run(
        new Date(start).toISOString(),
        new Date(start + 45 * 60_000).toISOString(),
        new Date(Date.now() - 48 * hourMs).toISOString(),
      );
    });
    timePasses(dataDir);

    // Restarted, it queues the reminder and starts sending it; the mail server hangs on it, and
    // the process is killed with kill -9 in the middle of the exchange.
    holding = true;
    const second = await startServer(env, { dataDir });
    await waitFor(() => smtp.held.length === 1, 30_000);
    await second.stop('SIGKILL');
    expect(smtp.received.filter(isReminder)).toEqual([]);
    // Queued once, and not counted as sent: the mail server never said it had it.
    expect(reminderRows(dataDir)).toEqual([{ status: 'pending', attempts: 0 }]);

    // Restarted once more, later: the job looks again, and the outbox takes the unsent reminder back.
    holding = false;
    timePasses(dataDir);
    const third = await startServer(env, { dataDir });
    try {
      await waitFor(() => smtp.received.some(isReminder), 30_000);
      // The job's run after the restart was claimed (it found the reminder already queued).
      await waitFor(
        () =>
          withDatabase(
            dataDir,
            (db) =>
              (
                db.prepare("select next_run_at from scheduled_jobs where name = 'booking-reminders'").get() as {
                  next_run_at: string;
                }
              ).next_run_at > new Date().toISOString(),
          ),
        30_000,
      );
      await waitFor(() => reminderRows(dataDir).every((row) => row.status === 'sent'), 30_000);
    } finally {
      expect(await third.stop('SIGTERM')).toBe(0);
    }
    expect(reminderRows(dataDir).map((row) => row.status)).toEqual(['sent']);
    const reminders = smtp.received.filter(isReminder);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('(UK time)');
    // The confirmation, the office's notice and the one reminder: nothing else was sent.
    expect(smtp.received).toHaveLength(3);
  } finally {
    await smtp.close();
    first.remove();
  }
});
