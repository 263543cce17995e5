import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';
import { startMailWorker } from '../../mail/worker';

const OFFICE = 'office@northstar.test';
// The enquiry arrives at a fixed moment: 09:45 on a Friday in November, London on GMT.
const ARRIVAL = new Date('2026-11-27T09:45:52.493Z');

/** The staff notification (issue 38): when, on the office's clock and in words, and a link to the card. */
describe("the staff notification e-mail's time and link", () => {
  let subject: TestApp;
  let smtp: TestSmtpServer;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    subject = await createTestApp({
      env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE, PUBLIC_URL: 'https://tutors.example/' },
      clock: () => ARRIVAL,
    });
    const worker = startMailWorker({
      db: subject.database.db,
      smtpUrl: smtp.url,
      from: subject.config.mail!.from,
      clock: () => ARRIVAL,
      log: { info: () => {}, warn: () => {} },
      pollMs: 50,
      retryBaseMs: 100,
    });
    stopWorker = () => worker.stop();
  });
  afterAll(async () => {
    await stopWorker();
    await subject.close();
    await smtp.close();
  });

  it('says "received Friday 27 November 2026, 09:45" and links to the enquiry in the admin', async () => {
    const sent = await subject.app.inject({
      method: 'POST',
      url: '/api/contact-submissions',
      payload: {
        firstName: 'Priya',
        lastName: 'Hughes',
        email: 'priya@example.com',
        mobile: '07700 900456',
        message: 'Year 10 maths',
      },
    });
    expect(sent.statusCode).toBe(201);
    const { id } = await subject.database.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('email', '=', 'priya@example.com')
      .executeTakeFirstOrThrow();

    await waitFor(() => smtp.received.some((mail) => mail.to.includes(OFFICE)));
    const mail = smtp.received.find((each) => each.to.includes(OFFICE))!;
    expect(mail.text).toContain(`Contact message #${id}, received Friday 27 November 2026, 9:45am (UK time).`);
    expect(mail.text).not.toContain('2026-11-27T');
    // PUBLIC_URL's trailing slash is not doubled.
    expect(mail.text).toContain(`Open it in the admin: https://tutors.example/admin#enquiry-${id}`);
  });
});
