import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { contact } from '../../../../tests/support/enquiries-payloads';

const assessment = {
  firstName: 'Amira',
  lastName: 'Khan',
  telephone: '01632 960999',
  email: 'amira@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
  notes: 'Struggling with algebra since moving schools.',
  emailTitle: 'Something else the client sent',
};

// Each request comes from its own address, so the rate limit only bites where a test wants it.
let nextAddress = 1;
const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

describe('public enquiry endpoints', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ENQUIRY_RATE_LIMIT: '3' } });
  });
  afterAll(() => subject.close());

  const post = (url: string, payload: unknown, remoteAddress = freshAddress()) =>
    subject.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const rows = () => subject.database.db.selectFrom('contact_submissions').selectAll().orderBy('id').execute();

  it('stores an assessment request durably and answers 201 with its id', async () => {
    const before = Date.now();
    const response = await post('/api/assessments', assessment);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const row = await subject.database.db
      .selectFrom('contact_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      submission_type: 'assessment',
      first_name: 'Amira',
      last_name: 'Khan',
      telephone: '01632 960999',
      email: 'amira@example.com',
      email_title: 'GCSE Maths', // from subjectTitle, not the client's emailTitle
      year_group: 'Year 10',
      notes: assessment.notes,
      mobile: null,
      message: null,
      reviewed: 'false',
    });
    expect(Date.parse(row.submitted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.submitted_at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('ignores a submittedAt or reviewed sent by the client', async () => {
    const response = await post('/api/contact-submissions', {
      ...contact,
      submittedAt: '1999-01-01T00:00:00.000Z',
      reviewed: 'true',
      id: 999,
    });
    expect(response.statusCode).toBe(201);
    const row = (await rows()).find((candidate) => candidate.id === response.json<{ id: number }>().id)!;
    expect(row).toMatchObject({ submission_type: 'contact', mobile: '07700 900123', reviewed: 'false' });
    expect(row.message).toBe(contact.message);
    expect(row.submitted_at.startsWith('1999')).toBe(false);
    expect(row.id).not.toBe(999);
  });

  it('stores the short home form as a call-back request', async () => {
    const response = await post('/api/assessments', {
      firstName: 'Jo',
      lastName: 'Bell',
      telephone: '01632 960000',
      email: 'jo@example.com',
      subjectTitle: 'Call-back request',
    });
    expect(response.statusCode).toBe(201);
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({ email_title: 'Call-back request', year_group: null, notes: null });
  });

  const assessmentCases: [string, object, string, string][] = [
    ['missing firstName', { firstName: undefined }, 'firstName', 'First name is required'],
    ['blank lastName', { lastName: '   ' }, 'lastName', 'Last name is required'],
    ['empty telephone', { telephone: '' }, 'telephone', 'Telephone number is required'],
    ['bad email', { email: 'amira@' }, 'email', 'Invalid email address'],
    ['missing subjectTitle', { subjectTitle: undefined }, 'subjectTitle', 'Subject title is required'],
    ['number as a name', { firstName: 42 }, 'firstName', 'First name is required'],
    ['long firstName', { firstName: 'a'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
    ['long notes', { notes: 'n'.repeat(5001) }, 'notes', 'Notes must be at most 5000 characters'],
    ['long yearGroup', { yearGroup: 'y'.repeat(51) }, 'yearGroup', 'Year group must be at most 50 characters'],
    ['object as notes', { notes: { $gt: '' } }, 'notes', 'Notes must be text'],
  ];
  it.each(assessmentCases)('assessment with %s: 400 naming the field', async (_name, change, field, message) => {
    const before = (await rows()).length;
    const response = await post('/api/assessments', { ...assessment, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', field });
    expect(await rows()).toHaveLength(before);
  });

  const contactCases: [string, object, string, string][] = [
    ['empty firstName', { firstName: '' }, 'firstName', 'First name is required'],
    ['missing lastName', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['bad email', { email: 'tom at example' }, 'email', 'Please enter a valid email address'],
    ['empty mobile', { mobile: '' }, 'mobile', 'Mobile number is required'],
    ['short message', { message: 'Hi there' }, 'message', 'Message must be at least 10 characters long'],
    [
      'padded short message',
      { message: `   ${'x'.repeat(9)}   ` },
      'message',
      'Message must be at least 10 characters long',
    ],
    ['long message', { message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ['long email', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be at most 254 characters'],
  ];
  it.each(contactCases)('contact with %s: 400 naming the field', async (_name, change, field, message) => {
    const before = (await rows()).length;
    const response = await post('/api/contact-submissions', { ...contact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', field });
    expect(await rows()).toHaveLength(before);
  });

  it.each([
    ['a JSON array', '[1,2]', 'application/json', 400],
    ['a JSON string', '"hello"', 'application/json', 400],
    ['null', 'null', 'application/json', 400],
    ['broken JSON', '{"firstName":', 'application/json', 400],
    ['an empty body', '', 'application/json', 400],
    ['a form post', 'firstName=A', 'application/x-www-form-urlencoded', 415],
    ['plain text', 'hello', 'text/plain', 400],
    ['XML', '<a/>', 'application/xml', 415],
  ])('answers %s with a clear 4xx, never a 500', async (_name, payload, contentType, status) => {
    for (const url of ['/api/assessments', '/api/contact-submissions']) {
      const response = await subject.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.json<{ error: string }>().error, url).toEqual(expect.any(String));
    }
  });

  it('answers 413 to a body over the limit, and stores nothing', async () => {
    const before = (await rows()).length;
    const response = await post('/api/contact-submissions', { ...contact, message: 'x'.repeat(70 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request is too large.', code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(await rows()).toHaveLength(before);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = (await rows()).length;
    for (const [url, body] of [
      ['/api/assessments', assessment],
      ['/api/contact-submissions', contact],
    ] as const) {
      const response = await post(url, { ...body, website: 'http://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: 0 });
    }
    expect(await rows()).toHaveLength(before);
    // An empty honeypot, as every real browser sends it, is fine.
    expect((await post('/api/contact-submissions', { ...contact, website: '' })).statusCode).toBe(201);
  });

  it('limits one address across both forms with a clear 429, leaving others alone', async () => {
    const address = freshAddress();
    expect((await post('/api/assessments', assessment, address)).statusCode).toBe(201);
    expect((await post('/api/contact-submissions', contact, address)).statusCode).toBe(201);
    expect((await post('/api/contact-submissions', { ...contact, email: 'bad' }, address)).statusCode).toBe(400);
    const limited = await post('/api/assessments', assessment, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json<{ error: string }>().error).toMatch(
      /^Too many enquiries from your connection\. Please try again in \d+ minutes?/,
    );
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post('/api/assessments', assessment)).statusCode).toBe(201);
    // Other endpoints are not limited by it.
    expect((await subject.app.inject({ url: '/api/health', remoteAddress: address })).statusCode).toBe(200);
  });
});
