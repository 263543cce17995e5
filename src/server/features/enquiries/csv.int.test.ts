import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';

const KEY = 'csv-test-key-0123456789abcdefgh';

describe('GET /api/contact-submissions/export.csv', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());

  it('exports UTF-8 with a BOM, quotes properly and defuses formulas', async () => {
    const db = subject.database.db;
    await seedEnquiry(db, {
      first_name: '=HYPERLINK("http://evil.example","Click")',
      last_name: 'Ó Briain',
      email: '@sum@example.test',
      telephone: '+44 1632 960000',
      mobile: '-1+1',
      message: 'Line one\r\nLine "two", with a comma',
      submitted_at: '2026-05-01T09:00:00.000Z',
    });
    await seedEnquiry(db, {
      submission_type: 'assessment',
      first_name: '\tTabbed',
      notes: '\rcarriage',
      submitted_at: '2026-05-02T09:00:00.000Z',
    });

    const response = await subject.app.inject({
      url: '/api/contact-submissions/export.csv?type=contact',
      headers: { 'x-api-key': KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'ID,Submitted at,Type,Reviewed,First name,Last name,Email,Telephone,Mobile,Year group,Subject,Notes,Message',
    );
    // The filter applies: only the contact submission; the assessment is not exported.
    expect(response.body).not.toContain('Tabbed');
    expect(response.body).toContain(
      `,2026-05-01T09:00:00.000Z,contact,false,"'=HYPERLINK(""http://evil.example"",""Click"")",Ó Briain,` +
        `'@sum@example.test,'+44 1632 960000,'-1+1,,,,"Line one\r\nLine ""two"", with a comma"\r\n`,
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
  });

  it('defuses a leading tab or carriage return too', async () => {
    const response = await subject.app.inject({
      url: '/api/contact-submissions/export.csv?type=assessment',
      headers: { 'x-api-key': KEY },
    });
    expect(response.body).toContain(`,"'\tTabbed",`);
    expect(response.body).toContain(`,"'\rcarriage",`);
  });
});
