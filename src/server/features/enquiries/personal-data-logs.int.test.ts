import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { type BackgroundWork, startBackgroundWork } from '../../background-work';
import { createProcessLog } from '../../process-log';

const KEY = 'personal-logs-test-key-0123456789';
const OFFICE = 'office@example.test';
/** What a parent types; none of it may appear in the service log. */
const marker = {
  firstName: 'Zqlogfirst',
  lastName: 'Zqloglast',
  email: 'zqlogparent@example.com',
  mobile: '07700 900987',
  message: 'Zqlogmessage about my son',
};

/** An enquiry goes through a refused mail, retries, the Bin and retention: the log says what happened, never who. */
describe('nothing personal reaches the log', () => {
  let subject: TestApp;
  let smtp: TestSmtpServer;
  let background: BackgroundWork | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    // The parent's address is refused, as a real server does, with the address in its answer.
    smtp = await startTestSmtpServer(0, undefined, { rejectRecipient: (address) => address !== OFFICE });
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE, PARENT_CONFIRMATION: 'on' },
    });
  });
  afterAll(async () => {
    await background?.stop();
    await subject.close();
    await smtp.close();
  });

  it('through mail failure and retention', async () => {
    const db = subject.database.db;
    // Past retention before the background work starts, so its first run deletes it.
    await seedEnquiry(db, {
      first_name: `${marker.firstName}Old`,
      email: `old${marker.email}`,
      submitted_at: '2000-01-01T00:00:00.000Z',
    });
    const sent = await subject.app.inject({ method: 'POST', url: '/api/contact-submissions', payload: marker });
    expect(sent.statusCode).toBe(201);

    background = startBackgroundWork(
      subject.config,
      subject.database,
      systemClock,
      createProcessLog('trace', (line) => void lines.push(line)),
    );
    const refused = () =>
      db.selectFrom('email_outbox').select('id').where('kind', '=', 'parent-confirmation').where('attempts', '>', 0);
    await waitFor(async () => (await refused().execute()).length > 0);
    await waitFor(() => lines.some((line) => line.includes('deleted submissions past the retention period')));

    const log = lines.join('');
    expect(log).toContain('queued e-mail not sent');
    expect(log).toContain('Recipient address rejected');
    for (const value of [...Object.values(marker), 'zqlogparent', 'Zqlog']) expect(log).not.toContain(value);
  });
});
