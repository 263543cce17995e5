import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { formOnPage } from '../../../../tests/support/form-page';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';
import { startMailWorker } from '../../mail/worker';

const OFFICE = 'office@northstar.test';
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const contact = {
  firstName: 'Tom',
  lastName: 'Reed',
  email: 'tom.noscript@example.com',
  mobile: '07700 900123',
  message: 'Do you have Saturday places for Year 6?',
  website: '',
};
const assessment = {
  firstName: 'Amira',
  lastName: 'Khan',
  telephone: '01632 960999',
  email: 'amira.noscript@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
  notes: 'Algebra & fractions <b>please</b>',
  website: '',
};
const callback = { firstName: 'Jo', lastName: 'Bell', telephone: '01632 960000', email: 'jo.noscript@example.com' };

// Each request comes from its own address, so the rate limit only bites where a test wants it.
let nextAddress = 1;
const freshAddress = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** The public forms posted by a browser without script (docs/decisions/0062-forms-without-script.md). */
describe('enquiry forms posted without script', () => {
  let subject: TestApp;
  let smtp: TestSmtpServer;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    subject = await createTestApp({
      env: { ENQUIRY_RATE_LIMIT: '3', SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE, PARENT_CONFIRMATION: 'on' },
    });
    const worker = startMailWorker({
      db: subject.database.db,
      smtpUrl: smtp.url,
      from: subject.config.mail!.from,
      clock: systemClock,
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

  const post = (url: string, payload: string, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
    subject.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...urlencoded, 'sec-fetch-site': 'same-origin', ...headers },
      remoteAddress,
    });
  const rows = () => subject.database.db.selectFrom('contact_submissions').selectAll().orderBy('id').execute();
  const rowFor = async (email: string) => (await rows()).filter((row) => row.email === email);

  it.each([
    ['/contact', 'contact-form'],
    ['/free-assessment', 'assessment-form'],
    ['/', 'callback-form'],
  ])(
    '%s has one form in its main content, posting to the page itself, and never says it needs JavaScript',
    async (url, id) => {
      const html = (await subject.app.inject(url)).body;
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main.match(/<form\b[^>]*>/g)).toEqual([expect.stringContaining(`id="${id}"`)]);
      expect(formOnPage(html, id)).toMatchObject({ method: 'post', action: url });
      expect(html).not.toContain('needs JavaScript');
    },
  );

  describe('sent', () => {
    it.each([
      ['/contact', contact, '/contact?sent=1#contact-form', { submission_type: 'contact', mobile: '07700 900123' }],
      [
        '/free-assessment',
        assessment,
        '/free-assessment?sent=1#assessment-form',
        { submission_type: 'assessment', email_title: 'GCSE Maths', notes: assessment.notes, year_group: 'Year 10' },
      ],
      ['/', callback, '/?sent=1#callback-form', { submission_type: 'assessment', email_title: 'Call-back request' }],
    ] as const)(
      '%s stores the enquiry and answers 303 to a thank-you address naming no one',
      async (url, fields, to, row) => {
        const response = await post(url, form(fields));
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(to);
        for (const value of Object.values(fields)) if (value) expect(response.headers.location).not.toContain(value);
        expect(await rowFor(fields.email)).toEqual([
          expect.objectContaining({ first_name: fields.firstName, reviewed: 'false', ...row }),
        ]);
      },
    );

    it('mails staff and the parent exactly as the script path does', async () => {
      const email = 'mail.noscript@example.com';
      expect((await post('/contact', form({ ...contact, email }))).statusCode).toBe(303);
      await waitFor(() => smtp.received.filter((mail) => mail.raw.includes(email)).length === 2);
      const mails = smtp.received.filter((mail) => mail.raw.includes(email));
      expect(mails.map((mail) => mail.to).sort()).toEqual([[OFFICE], [email]].sort());
      expect(mails.find((mail) => mail.to.includes(OFFICE))!.raw).toMatch(/^Subject: Contact message from Tom Reed/m);
    });

    it('shows the thank-you state at that address, in the same words as the script path', async () => {
      const contactPage = formOnPage((await subject.app.inject('/contact?sent=1')).body, 'contact-form');
      expect(contactPage.status).toBe(
        "Message sent successfully!Thank you for getting in touch. We'll get back to you as soon as we can.",
      );
      expect(contactPage.fields.firstName!.value).toBe('');
      for (const [url, id] of [
        ['/free-assessment?sent=1', 'assessment-form'],
        ['/?sent=1', 'callback-form'],
      ] as const) {
        expect(formOnPage((await subject.app.inject(url)).body, id).status).toBe(
          "Success!Your assessment request has been submitted. We'll be in touch soon!",
        );
      }
      // Without it, the page is the plain form, which posts to itself.
      const plain = formOnPage((await subject.app.inject('/contact')).body, 'contact-form');
      expect(plain).toMatchObject({ method: 'post', action: '/contact', status: undefined, notice: undefined });
    });

    it('drops a filled honeypot silently, answering as if sent', async () => {
      const email = 'bot.noscript@example.com';
      const response = await post('/contact', form({ ...contact, email, website: 'http://spam.example' }));
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/contact?sent=1#contact-form');
      expect(await rowFor(email)).toEqual([]);
    });
  });

  describe('not sent', () => {
    it('answers 400 with the page: the exact messages at the fields, the values kept, nothing stored', async () => {
      const before = (await rows()).length;
      const typed = { ...contact, firstName: '  ', email: 'tom@', message: 'Too short' };
      const response = await post('/contact', form(typed));
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const page = formOnPage(response.body, 'contact-form');
      expect(page.fields).toMatchObject({
        firstName: { error: 'First name is required', autofocus: true },
        lastName: { value: 'Reed', error: undefined, autofocus: false },
        email: { value: 'tom@', error: 'Please enter a valid email address' },
        mobile: { value: '07700 900123', error: undefined },
        message: { value: 'Too short', error: 'Message must be at least 10 characters long' },
      });
      expect(page.notice).toBeUndefined();
      expect(await rows()).toHaveLength(before);
    });

    it('shows every message of an empty form, on each page', async () => {
      const assessmentPage = formOnPage((await post('/free-assessment', '')).body, 'assessment-form');
      expect(assessmentPage.fields).toMatchObject({
        firstName: { error: 'First name is required', autofocus: true },
        lastName: { error: 'Last name is required' },
        telephone: { error: 'Telephone number is required' },
        email: { error: 'Invalid email address' },
        subjectTitle: { error: 'Subject title is required' },
        yearGroup: { error: undefined },
        notes: { error: undefined },
      });
      const callbackPage = formOnPage((await post('/', form({ ...callback, telephone: '' }))).body, 'callback-form');
      expect(callbackPage.fields).toMatchObject({
        firstName: { value: 'Jo', error: undefined, autofocus: false },
        telephone: { value: '', error: 'Telephone number is required', autofocus: true },
      });
    });

    it('keeps what was typed safe: markup comes back as text, never as markup', async () => {
      const typed = { ...assessment, firstName: '"><script>alert(1)</script>', email: 'x' };
      const response = await post('/free-assessment', form(typed));
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(formOnPage(response.body, 'assessment-form').fields.firstName!.value).toBe(typed.firstName);
    });

    it('shares the JSON API’s count per address, and says so on the page with the values kept', async () => {
      const address = freshAddress();
      const json = (url: string, payload: object) =>
        subject.app.inject({ method: 'POST', url, payload, remoteAddress: address });
      expect((await json('/api/contact-submissions', { ...contact, email: 'limit1@example.com' })).statusCode).toBe(
        201,
      );
      expect((await post('/contact', form({ ...contact, email: 'limit2@example.com' }), {}, address)).statusCode).toBe(
        303,
      );
      expect((await post('/', form({ ...callback, email: 'limit3@example.com' }), {}, address)).statusCode).toBe(303);

      const limited = await post('/contact', form({ ...contact, email: 'limit4@example.com' }), {}, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      const page = formOnPage(limited.body, 'contact-form');
      expect(page.notice).toMatch(
        /^Too many enquiries from your connection\. Please try again in \d+ minutes?, or call us\.$/,
      );
      expect(page.fields.email!.value).toBe('limit4@example.com');
      expect(await rowFor('limit4@example.com')).toEqual([]);
      // The JSON API sees the same count; another address is not limited.
      expect((await json('/api/assessments', { ...assessment, email: 'limit5@example.com' })).statusCode).toBe(429);
      expect((await post('/contact', form({ ...contact, email: 'limit6@example.com' }))).statusCode).toBe(303);
    });
  });

  describe('from another site', () => {
    it.each([
      [{ 'sec-fetch-site': 'cross-site' }],
      [{ 'sec-fetch-site': 'same-site' }],
      [{ 'sec-fetch-site': '', origin: 'https://evil.example' }],
      [{ origin: 'https://evil.example' }],
      [{ origin: 'null' }],
    ])('refuses %j with 403 and the empty form, storing nothing and echoing nothing', async (headers) => {
      const email = `cross-${nextAddress}@example.com`;
      const request = { ...headers } as Record<string, string>;
      const response = await subject.app.inject({
        method: 'POST',
        url: '/contact',
        payload: form({ ...contact, email }),
        headers: { ...urlencoded, ...request },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(403);
      const page = formOnPage(response.body, 'contact-form');
      expect(page.notice).toBe(
        'This form was sent from another website, so we have not sent it. If you meant to write to us, fill it in here and send it again.',
      );
      expect(response.body).not.toContain(email);
      expect(page.fields.firstName!.value).toBe('');
      expect(await rowFor(email)).toEqual([]);
    });

    it.each([
      [{ 'sec-fetch-site': 'same-origin' }],
      [{ 'sec-fetch-site': 'none' }],
      [{ origin: 'https://www.example.test' }],
      [{}],
    ])('accepts %j (this site, or no browser at all)', async (headers) => {
      const email = `same-${nextAddress}@example.com`;
      const response = await subject.app.inject({
        method: 'POST',
        url: '/contact',
        payload: form({ ...contact, email }),
        headers: { ...urlencoded, ...headers },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(303);
      expect(await rowFor(email)).toHaveLength(1);
    });

    it('leaves the JSON API as it was: a form body there is refused', async () => {
      const response = await post('/api/contact-submissions', form(contact));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
    });
  });

  describe('hostile input: a clear 4xx page, never a 500, never a record half-written', () => {
    const hostile = { ...contact, email: 'hostile.noscript@example.com' };
    it.each([
      ['__proto__ names', `__proto__=x&__proto__[firstName]=y&constructor=z&${form(hostile)}`, 303],
      ['only __proto__', '__proto__[email]=a%40b.example&__proto__=1', 400],
      ['a repeated field', `${form(hostile)}&firstName=Again`, 400],
      ['a NUL character', form({ ...hostile, message: 'Hello\u0000 there, any places?' }), 400],
      ['broken percent-encoding', `${form(hostile)}&notes=%E0%A4%A&%%%=1`, 303],
      ['a huge body', form({ ...hostile, message: 'x'.repeat(70 * 1024) }), 413],
      ['thousands of fields', Array.from({ length: 5000 }, (_, index) => `f${index}=1`).join('&'), 400],
    ] as const)('%s', async (_label, payload, status) => {
      const response = await post('/contact', payload);
      expect(response.statusCode).toBe(status);
      expect(({} as Record<string, unknown>).firstName).toBeUndefined();
      if (status !== 303) {
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        formOnPage(response.body, 'contact-form');
      }
    });

    it('says plainly why a repeated field or a huge body was not sent', async () => {
      const repeated = formOnPage((await post('/contact', `${form(hostile)}&email=x`)).body, 'contact-form');
      expect(repeated.notice).toBe(
        'The form arrived with a field given twice, so it was not sent. Please send it again.',
      );
      const huge = formOnPage(
        (await post('/contact', form({ ...hostile, message: 'x'.repeat(70 * 1024) }))).body,
        'contact-form',
      );
      expect(huge.notice).toBe('The request is too large.');
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify(hostile), 415],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
        415,
      ],
      ['text', 'text/plain', 'firstName=Tom', 415],
    ] as const)('refuses a %s body with its page', async (_label, type, payload, status) => {
      const response = await post('/contact', payload, { 'content-type': type });
      expect(response.statusCode).toBe(status);
      expect(formOnPage(response.body, 'contact-form').notice).toBe('This content type is not accepted here.');
    });

    it('stored none of the hostile bodies but the valid ones', async () => {
      const stored = await rowFor(hostile.email);
      // The two valid bodies above (__proto__ names beside valid fields, broken encoding in an unknown field).
      expect(stored).toHaveLength(2);
      for (const row of stored) expect(row.first_name).toBe('Tom');
    });
  });
});
