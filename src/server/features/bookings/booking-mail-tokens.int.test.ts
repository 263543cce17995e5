import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { foldLine } from '../../calendar/ics';
import { markLegacyTokens } from '../../db/migrations/2026-12-08-1001-outbox-secrets';
import { claimDueEmail } from '../../mail/outbox';
import { type MailWorker, startMailWorker } from '../../mail/worker';
import { copySqlite, sqliteFiles } from '../../ops/sqlite-copy';
import { dumpPostgres } from '../../ops/postgres-copy';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { attachedCalendar, parsedEvent, queuedToken, tokenIn } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday. */
const monday = Date.parse('2026-11-30T10:00:00.000Z');
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
/** A family of its own each time (the phone too: a family's bookings to come may be capped). */
const parent = (email: string, startsAt: string, n: number) => ({
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: `01632 96${String(n).padStart(4, '0')}`,
  email,
  subjectTitle: 'GCSE Maths',
  startsAt,
});
/** Anything in a text that could be one of the links' tokens (32 random bytes in base64url). */
const tokenLike = /[\w-]{43}/g;

/**
 * Issue 51: a booking confirmation's stored copy in the outbox never holds a working cancel or
 * change token, before or after sending, nor does a copy of the database; the mail the parent
 * receives does, after a failed attempt and after a crash between sending and marking it sent.
 */
describe(`the link tokens of a booking's confirmation in the outbox (${engine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  let address = 0;

  async function setUp(smtpUrl: string, worker: { maxAttempts?: number } = {}) {
    const subject: TestApp = await createTestApp({
      clock: movableClock(monday).now,
      env: { SMTP_URL: smtpUrl, NOTIFY_EMAIL: 'office@northstar.test', MAIL_FROM: 'Northstar <web@northstar.test>' },
    });
    cleanups.push(() => subject.close());
    let running: MailWorker | undefined;
    const startWorker = () => {
      running = startMailWorker({
        db: subject.database.db,
        smtpUrl,
        from: subject.config.mail!.from,
        clock: systemClock,
        log: { info: () => {}, warn: () => {} },
        pollMs: 50,
        retryBaseMs: 100,
        maxRetryMs: 200,
        secrets: createSecretBox(subject.config.secretsKeyFile),
        ...worker,
      });
      const started = running;
      cleanups.push(() => started.stop());
      return started;
    };
    const book = async (email: string, startsAt = '2026-12-01T16:00:00.000Z') => {
      const answer = await subject.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: parent(email, startsAt, ++address),
        remoteAddress: `198.51.100.${address}`,
      });
      expect(answer.statusCode).toBe(201);
    };
    const confirmationRow = (email: string) =>
      subject.database.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('kind', '=', 'booking-confirmation')
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
    const cancel = (token: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/bookings/cancel',
        payload: { token },
        remoteAddress: `198.51.100.${++address}`,
      });
    const changePage = (token: string) => subject.app.inject({ url: `/free-assessment/change?token=${token}` });
    return { subject, startWorker, book, confirmationRow, cancel, changePage };
  }

  const track = (smtp: TestSmtpServer) => {
    cleanups.push(() => smtp.close());
    return smtp;
  };
  const received = (smtp: TestSmtpServer, email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const tokensIn = (mail: ReceivedMail) => ({ cancel: tokenIn(mail, 'cancel'), change: tokenIn(mail, 'change') });

  it('keeps the tokens sealed while queued, forgets them once sent, and no copy of the database holds one; the mail’s links work', async () => {
    const smtp = track(await startTestSmtpServer());
    const { subject, startWorker, book, confirmationRow, cancel, changePage } = await setUp(smtp.url);
    const email = 'sealed@example.com';
    await book(email);

    // Queued: the text names each link by a marker; the tokens are sealed with the secrets key.
    const queued = await confirmationRow(email);
    const sealedTokens = {
      cancel: await queuedToken(subject, 'cancel', email),
      change: await queuedToken(subject, 'change', email),
    };
    expect(queued.body).toContain('/free-assessment/change?token=[[secret:change]]');
    expect(queued.body).toContain('/free-assessment/cancel?token=[[secret:cancel]]');
    expect(queued.secrets).toMatch(/^v1:/);
    for (const token of Object.values(sealedTokens)) expect(JSON.stringify(queued)).not.toContain(token);

    startWorker();
    await waitFor(() => received(smtp, email).length === 1);
    await waitFor(async () => (await confirmationRow(email)).status === 'sent');
    const [mail] = received(smtp, email);
    const tokens = tokensIn(mail!);
    expect(tokens).toEqual(sealedTokens);
    // The calendar carries no link (issue 51): only the e-mail does.
    const description = parsedEvent(attachedCalendar(mail!)).event.description;
    expect(description).toContain('use the link in your confirmation e-mail');
    expect(description).not.toMatch(/token|https?:/);

    // Sent: the row keeps no token, sealed or not, and nothing in it cancels the booking.
    const sent = await confirmationRow(email);
    expect(sent.secrets).toBeNull();
    const stored = JSON.stringify(sent);
    expect(stored).not.toContain(tokens.cancel);
    expect(stored).not.toContain(tokens.change);
    const candidates = [...new Set(stored.match(tokenLike) ?? [])];
    for (const candidate of candidates) {
      expect((await cancel(candidate)).statusCode, candidate).toBe(404);
      expect((await changePage(candidate)).statusCode, candidate).toBe(404);
    }

    // A copy of the database, as `npm run backup` makes it, holds neither token; nor do the live files.
    const copies: string[] = [];
    if (engine === 'sqlite') {
      const live = path.join(subject.database.dataDir, 'site.db');
      const copy = path.join(subject.database.dataDir, 'backup-copy.db');
      await copySqlite(live, copy);
      copies.push(fs.readFileSync(copy).toString('latin1'));
      for (const file of sqliteFiles(live).filter((name) => fs.existsSync(name)))
        copies.push(fs.readFileSync(file).toString('latin1'));
    } else {
      const dump = path.join(subject.database.dataDir, 'backup.dump');
      await dumpPostgres(subject.database.databaseUrl!, dump);
      const text = spawnSync('pg_restore', ['--data-only', '--file=-', dump], { encoding: 'utf8' });
      expect(text.status).toBe(0);
      expect(text.stdout).toContain('[[secret:cancel]]');
      copies.push(text.stdout);
    }
    for (const copy of copies) {
      expect(copy).not.toContain(tokens.cancel);
      expect(copy).not.toContain(tokens.change);
    }

    // The links the parent received work: the change page opens, the cancel cancels.
    expect((await changePage(tokens.change)).statusCode).toBe(200);
    const cancelled = await cancel(tokens.cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });

  it('sends working links after failed attempts, and again after a crash between sending and marking it sent', async () => {
    // The mail server is down at first: a free port, left closed.
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const { subject, startWorker, book, confirmationRow, changePage } = await setUp(`smtp://127.0.0.1:${port}`);
    const email = 'retried@example.com';
    await book(email);
    const first = startWorker();
    await waitFor(async () => (await confirmationRow(email)).attempts >= 2, 8000);
    const waiting = await confirmationRow(email);
    expect(waiting.status).toBe('pending');
    expect(waiting.secrets).toMatch(/^v1:/);

    const smtp = track(await startTestSmtpServer(port));
    await waitFor(() => received(smtp, email).length === 1, 8000);
    expect((await changePage(tokensIn(received(smtp, email)[0]!).change)).statusCode).toBe(200);
    await waitFor(async () => (await confirmationRow(email)).status === 'sent');

    // A worker that took the next mail and stopped (a crash) after the mail server had it, before
    // marking it sent: its lease ends, and the mail goes again, with the same working links.
    await first.stop();
    const second = 'crashed@example.com';
    await book(second, '2026-12-01T17:00:00.000Z');
    // The office's notice is queued first: the crashed worker's claims reach the confirmation next.
    let claimed;
    do claimed = await claimDueEmail(subject.database.db, new Date(), 300);
    while (claimed && claimed.recipient !== second);
    expect(claimed?.sealedSecrets).toMatch(/^v1:/);
    const after = await confirmationRow(second);
    expect(after.status).toBe('pending');
    expect(after.locked_until).not.toBeNull();
    expect(after.secrets).toBe(claimed!.sealedSecrets);
    startWorker();
    await waitFor(() => received(smtp, second).length === 1, 8000);
    expect((await changePage(tokensIn(received(smtp, second)[0]!).change)).statusCode).toBe(200);
  });

  it('forgets the tokens of a mail it gives up on', async () => {
    const smtp = track(
      await startTestSmtpServer(0, undefined, { rejectRecipient: (to) => to === 'bounce@example.com' }),
    );
    const { startWorker, book, confirmationRow } = await setUp(smtp.url, { maxAttempts: 2 });
    await book('bounce@example.com');
    startWorker();
    await waitFor(async () => (await confirmationRow('bounce@example.com')).status === 'failed', 8000);
    const failed = await confirmationRow('bounce@example.com');
    expect(failed.secrets).toBeNull();
    expect(failed.body).toContain('?token=[[secret:cancel]]');
    expect(failed.body).not.toMatch(/token=[\w-]{43}/);
  });
});

describe(`booking confirmations queued before the tokens were kept apart (${engine})`, () => {
  it('lose their tokens once sent or given up, and keep those still waiting apart, to send with working links', async () => {
    const smtp = await startTestSmtpServer();
    const subject = await createTestApp({
      clock: movableClock(monday).now,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@northstar.test', MAIL_FROM: 'Northstar <web@northstar.test>' },
    });
    let worker: MailWorker | undefined;
    try {
      const { db } = subject.database;
      const emails = ['legacy-sent@example.com', 'legacy-failed@example.com', 'legacy-pending@example.com'];
      const tokens: Record<string, { cancel: string; change: string }> = {};
      for (const [n, email] of emails.entries()) {
        const answer = await subject.app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: parent(email, `2026-12-01T${16 + n}:00:00.000Z`, 100 + n),
          remoteAddress: `203.0.113.${n + 1}`,
        });
        expect(answer.statusCode).toBe(201);
        tokens[email] = {
          cancel: await queuedToken(subject, 'cancel', email),
          change: await queuedToken(subject, 'change', email),
        };
        // As the previous release stored it: the tokens in the text and in the calendar's description.
        const row = await db
          .selectFrom('email_outbox')
          .select(['id', 'body', 'calendar'])
          .where('kind', '=', 'booking-confirmation')
          .where('recipient', '=', email)
          .executeTakeFirstOrThrow();
        const withTokens = (text: string) =>
          text.replace('[[secret:cancel]]', tokens[email]!.cancel).replace('[[secret:change]]', tokens[email]!.change);
        const link = (purpose: 'cancel' | 'change') =>
          `https://www.example.test/free-assessment/${purpose}?token=${tokens[email]![purpose]}`;
        const description = foldLine(`DESCRIPTION:To change the time: ${link('change')} To cancel: ${link('cancel')}`);
        await db
          .updateTable('email_outbox')
          .set({
            body: withTokens(row.body),
            calendar: row.calendar!.replace(/\r\nDESCRIPTION:.*(?:\r\n .*)*/, `\r\n${description}`),
            secrets: null,
            status: ['sent', 'failed', 'pending'][n]!,
          })
          .where('id', '=', row.id)
          .execute();
      }
      expect(JSON.stringify(await db.selectFrom('email_outbox').selectAll().execute())).toContain(
        tokens['legacy-sent@example.com']!.cancel,
      );

      await markLegacyTokens(db as Kysely<unknown>);

      const rows = await db.selectFrom('email_outbox').selectAll().where('kind', '=', 'booking-confirmation').execute();
      for (const row of rows) {
        expect(row.body).toContain('?token=[[secret:cancel]]');
        expect(row.calendar).toContain('[[secret:cancel]]');
        for (const line of row.calendar!.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      }
      const done = JSON.stringify(rows.filter((row) => row.recipient !== 'legacy-pending@example.com'));
      for (const email of ['legacy-sent@example.com', 'legacy-failed@example.com']) {
        expect(done).not.toContain(tokens[email]!.cancel);
        expect(done).not.toContain(tokens[email]!.change);
      }
      expect(rows.find((row) => row.recipient === 'legacy-sent@example.com')!.secrets).toBeNull();

      // The one still waiting goes with its links, as it would have, and then forgets them.
      worker = startMailWorker({
        db,
        smtpUrl: smtp.url,
        from: subject.config.mail!.from,
        clock: systemClock,
        log: { info: () => {}, warn: () => {} },
        pollMs: 50,
        secrets: createSecretBox(subject.config.secretsKeyFile),
      });
      const pending = () => smtp.received.filter((mail) => mail.to.includes('legacy-pending@example.com'));
      await waitFor(() => pending().length === 1);
      expect(tokenIn(pending()[0]!, 'cancel')).toBe(tokens['legacy-pending@example.com']!.cancel);
      // Its calendar as stored then, links and all, unfolded.
      expect(attachedCalendar(pending()[0]!).replace(/\r\n /g, '')).toContain(
        tokens['legacy-pending@example.com']!.change,
      );
      await waitFor(
        async () =>
          (
            await db
              .selectFrom('email_outbox')
              .select('status')
              .where('recipient', '=', 'legacy-pending@example.com')
              .executeTakeFirstOrThrow()
          ).status === 'sent',
      );
      const sent = await db
        .selectFrom('email_outbox')
        .selectAll()
        .where('recipient', '=', 'legacy-pending@example.com')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(sent)).not.toContain(tokens['legacy-pending@example.com']!.cancel);
    } finally {
      await worker?.stop();
      await subject.close();
      await smtp.close();
    }
  });
});
