import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/clock';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../tests/support/smtp';
import { type MailWorker, retryDelayMs, startMailWorker } from './worker';
import { contact } from '../../../tests/support/enquiries-payloads';

const silentLog = { info: () => {}, warn: () => {} };

describe('staff notification e-mail', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(smtpUrl: string, env: Record<string, string> = {}) {
    const subject: TestApp = await createTestApp({
      env: {
        SMTP_URL: smtpUrl,
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'Website <web@northstar.test>',
        // These tests follow the staff notification alone; the parent's is confirmation.int.test.ts's.
        PARENT_CONFIRMATION: 'off',
        ...env,
      },
    });
    cleanups.push(() => subject.close());
    const worker: MailWorker = startMailWorker({
      db: subject.database.db,
      smtpUrl,
      from: subject.config.mail!.from,
      clock: systemClock,
      log: silentLog,
      pollMs: 50,
      retryBaseMs: 100,
    });
    cleanups.push(() => worker.stop());
    const outbox = () => subject.database.db.selectFrom('email_outbox').selectAll().execute();
    return { subject, worker, outbox };
  }

  const track = (smtp: TestSmtpServer) => {
    cleanups.push(() => smtp.close());
    return smtp;
  };

  it('delivers a new enquiry to staff exactly once', async () => {
    const smtp = track(await startTestSmtpServer());
    const { subject, outbox } = await setUp(smtp.url);
    const response = await subject.app.inject({ method: 'POST', url: '/api/contact-submissions', payload: contact });
    expect(response.statusCode).toBe(201);

    await waitFor(() => smtp.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // several more polls: still one
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['office@northstar.test']);
    expect(mail.from).toBe('web@northstar.test');
    expect(mail.raw).toMatch(/^Subject: Contact message from Tom Reed/m);
    expect(mail.raw).toMatch(/^Reply-To: tom@example\.com/m);
    expect(mail.text).toContain('Do you have Saturday places for Year 6?');
    expect(mail.text).toContain(`Contact message #${response.json<{ id: number }>().id}`);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('keeps the mail through an outage and delivers it once the server is back', async () => {
    // Take a free port, then leave it closed: the "mail server" is down.
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const { subject, outbox } = await setUp(`smtp://127.0.0.1:${port}`);

    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/assessments',
      payload: { ...contact, telephone: '01632 960000', subjectTitle: 'GCSE English resit' },
    });
    expect(response.statusCode).toBe(201);
    await waitFor(async () => ((await outbox())[0]?.attempts ?? 0) >= 2);
    const waiting = (await outbox())[0]!;
    expect(waiting.status).toBe('pending');
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = track(await startTestSmtpServer(port));
    await waitFor(() => smtp.received.length === 1, 8000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Assessment request from Tom Reed: GCSE English resit/m);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', last_error: null });
  });

  it('sends a mail again with the same Message-ID, so mail programs fold the repeat, and another mail with its own', async () => {
    const smtp = track(await startTestSmtpServer());
    const { subject, worker, outbox } = await setUp(smtp.url);
    const send = () => subject.app.inject({ method: 'POST', url: '/api/contact-submissions', payload: contact });
    expect((await send()).statusCode).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    // The mail server has it before the worker marks the row sent: the crash below is staged only
    // once the worker is done, or its late "sent" would undo the staging (CI, 6 December).
    await waitFor(async () => (await outbox())[0]?.status === 'sent');

    // What a crash between the mail server's "250 OK" and marking the row sent leaves behind.
    await subject.database.db
      .updateTable('email_outbox')
      .set({ status: 'pending', sent_at: null, next_attempt_at: new Date(0).toISOString() })
      .execute();
    worker.wake();
    await waitFor(() => smtp.received.length === 2);
    expect((await send()).statusCode).toBe(201);
    await waitFor(() => smtp.received.length === 3);

    const messageIds = smtp.received.map((mail) => /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]);
    const [first] = await outbox();
    expect(messageIds[0]).toMatch(new RegExp(`^<outbox-${first!.id}-[0-9a-z]+@northstar\\.test>$`));
    expect(messageIds[1]).toBe(messageIds[0]);
    expect(messageIds[2]).toMatch(/^<outbox-\d+-[0-9a-z]+@northstar\.test>$/);
    expect(messageIds[2]).not.toBe(messageIds[0]);
  });

  it('queues nothing when notifications are off', async () => {
    const subject = await createTestApp();
    cleanups.push(() => subject.close());
    const response = await subject.app.inject({ method: 'POST', url: '/api/contact-submissions', payload: contact });
    expect(response.statusCode).toBe(201);
    expect(await subject.database.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 30_000, 100_000))).toEqual([
      30_000, 60_000, 100_000, 100_000, 100_000,
    ]);
  });
});
