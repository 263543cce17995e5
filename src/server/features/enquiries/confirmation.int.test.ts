import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';
import { startMailWorker } from '../../mail/worker';

const OFFICE = 'office@northstar.test';
const ADMIN_KEY = 'test-admin-key-0123456789abcdef';
const { details } = defaultSiteFacts;

/** The parent's confirmation e-mail (decision 0032), through the outbox to a real SMTP server. */
describe("the parent's confirmation e-mail", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(smtpUrl: string, env: Record<string, string> = {}) {
    const subject: TestApp = await createTestApp({
      env: {
        SMTP_URL: smtpUrl,
        NOTIFY_EMAIL: OFFICE,
        MAIL_FROM: 'Northstar <web@northstar.test>',
        ADMIN_API_KEY: ADMIN_KEY,
        ...env,
      },
    });
    cleanups.push(() => subject.close());
    const worker = startMailWorker({
      db: subject.database.db,
      smtpUrl,
      from: subject.config.mail!.from,
      clock: systemClock,
      log: { info: () => {}, warn: () => {} },
      pollMs: 50,
      retryBaseMs: 100,
    });
    cleanups.push(() => worker.stop());
    let address = 0;
    const enquire = (payload: Record<string, string>, url = '/api/contact-submissions') =>
      subject.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++address}` });
    const outbox = () => subject.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
    return { subject, enquire, outbox };
  }
  const smtpServer = async (port?: number) => {
    const smtp: TestSmtpServer = await startTestSmtpServer(port);
    cleanups.push(() => smtp.close());
    return smtp;
  };

  const hostile = {
    firstName: 'Win a prize at https://spam.example',
    lastName: 'Visit now',
    email: 'Victim@Example.com',
    mobile: '07700 900123',
    message: 'BUY CHEAP PILLS https://spam.example/buy',
  };

  it('sends the parent a fixed, plain-text note of what happens next, with nothing they typed', async () => {
    const smtp = await smtpServer();
    const { enquire } = await setUp(smtp.url);
    expect((await enquire(hostile)).statusCode).toBe(201);

    await waitFor(() => smtp.received.length === 2);
    const confirmation = smtp.received.find((mail) => mail.to.includes('victim@example.com'))!;
    expect(confirmation).toBeDefined();
    expect(confirmation.to).toEqual(['victim@example.com']);
    expect(confirmation.from).toBe('web@northstar.test');
    expect(confirmation.raw).toMatch(new RegExp(`^Subject: We have received your enquiry - ${details.name}`, 'm'));
    expect(confirmation.raw).toMatch(new RegExp(`^Reply-To: ${OFFICE}`, 'm'));
    expect(confirmation.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(confirmation.text).toContain('What happens next');
    expect(confirmation.text).toContain(details.phone);
    for (const typed of ['spam.example', 'Win a prize', 'Visit now', 'PILLS', '07700 900123']) {
      expect(confirmation.raw).not.toContain(typed);
    }
    // The staff notification still carries the enquiry, to the office.
    const staff = smtp.received.find((mail) => mail.to.includes(OFFICE))!;
    expect(staff.text).toContain('BUY CHEAP PILLS');
  });

  it('names the centre and its phone as the site facts have them when the enquiry arrives', async () => {
    const smtp = await smtpServer();
    const { subject, enquire } = await setUp(smtp.url);
    const renamed = { ...details, name: 'Redcar Readers', phone: '01642 000111' };
    const saved = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/site/details',
      headers: { 'x-api-key': ADMIN_KEY },
      payload: { basedOn: null, value: renamed },
    });
    expect(saved.statusCode).toBe(200);
    expect((await enquire(hostile)).statusCode).toBe(201);

    await waitFor(() => smtp.received.length === 2);
    const confirmation = smtp.received.find((mail) => mail.to.includes('victim@example.com'))!;
    expect(confirmation.raw).toMatch(/^Subject: We have received your enquiry - Redcar Readers/m);
    expect(confirmation.text).toContain('Thank you for contacting Redcar Readers.');
    expect(confirmation.text).toContain('please call 01642 000111.');
    expect(confirmation.text).not.toContain(details.name);
  });

  it('sends one confirmation per address a day, however many enquiries name it', async () => {
    const smtp = await smtpServer();
    const { enquire, outbox } = await setUp(smtp.url);
    for (const email of ['repeat@example.com', 'REPEAT@example.com', 'repeat@example.com']) {
      expect((await enquire({ ...hostile, email })).statusCode).toBe(201);
    }
    await waitFor(() => smtp.received.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 300)); // more polls: still four
    expect(smtp.received.filter((mail) => mail.to.includes(OFFICE))).toHaveLength(3);
    expect(smtp.received.filter((mail) => mail.to.includes('repeat@example.com'))).toHaveLength(1);
    expect((await outbox()).filter((row) => row.kind === 'parent-confirmation')).toHaveLength(1);
  });

  it('counts one mailbox written many ways as one address: case, +tags and Gmail dots', async () => {
    const smtp = await smtpServer();
    const { enquire, outbox } = await setUp(smtp.url);
    const variants = [
      'victim@gmail.com',
      'Victim@Gmail.com',
      'victim+1@gmail.com',
      'v.ictim@gmail.com',
      'V.I.C.T.I.M+x@googlemail.com',
    ];
    for (const email of variants) expect((await enquire({ ...hostile, email })).statusCode).toBe(201);
    // Elsewhere a +tag is a tag too; dots are part of the name.
    for (const email of ['parent+school@example.com', 'Parent@Example.com', 'p.arent@example.com']) {
      expect((await enquire({ ...hostile, email })).statusCode).toBe(201);
    }
    const confirmations = (await outbox()).filter((row) => row.kind === 'parent-confirmation');
    // Sent to the address as typed (lower case), never to one the parent did not write.
    expect(confirmations.map((row) => row.recipient)).toEqual([
      'victim@gmail.com',
      'parent+school@example.com',
      'p.arent@example.com',
    ]);
    await waitFor(() => smtp.received.length === variants.length + 3 + 3);
  });

  it('is not sent when PARENT_CONFIRMATION is off', async () => {
    const smtp = await smtpServer();
    const { enquire, outbox } = await setUp(smtp.url, { PARENT_CONFIRMATION: 'off' });
    expect((await enquire(hostile)).statusCode).toBe(201);
    await waitFor(() => smtp.received.length === 1);
    expect(smtp.received[0]!.to).toEqual([OFFICE]);
    expect((await outbox()).map((row) => row.kind)).toEqual(['staff-notification']);
  });

  it('cannot carry extra headers: an address with a line break is refused before anything is stored', async () => {
    const smtp = await smtpServer();
    const { enquire, outbox, subject } = await setUp(smtp.url);
    const response = await enquire({ ...hostile, email: 'a@example.com\r\nBcc: many@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'email' });
    expect(await outbox()).toEqual([]);
    expect(await subject.database.db.selectFrom('contact_submissions').selectAll().execute()).toEqual([]);
  });

  it('a mail server that is down never affects the enquiry; the confirmation waits in the outbox', async () => {
    const probe = await startTestSmtpServer();
    const port = probe.port;
    await probe.close();
    const { enquire, outbox, subject } = await setUp(`smtp://127.0.0.1:${port}`);
    const assessment = await enquire(
      {
        firstName: 'Amira',
        lastName: 'Khan',
        email: 'later@example.com',
        telephone: '01632 960000',
        subjectTitle: 'GCSE Maths',
      },
      '/api/assessments',
    );
    expect(assessment.statusCode).toBe(201);
    const stored = await subject.database.db.selectFrom('contact_submissions').selectAll().execute();
    expect(stored.map((row) => row.email)).toEqual(['later@example.com']);
    await waitFor(async () => (await outbox()).every((row) => row.attempts >= 1));
    expect((await outbox()).map((row) => [row.kind, row.status])).toEqual([
      ['staff-notification', 'pending'],
      ['parent-confirmation', 'pending'],
    ]);

    const smtp = await smtpServer(port);
    await waitFor(() => smtp.received.length === 2, 8000);
    const confirmation = smtp.received.find((mail) => mail.to.includes('later@example.com'))!;
    expect(confirmation.text).toContain('request for an assessment');
    expect(confirmation.raw).not.toContain('GCSE Maths');
    expect(confirmation.raw).not.toContain('Amira');
  });
});
