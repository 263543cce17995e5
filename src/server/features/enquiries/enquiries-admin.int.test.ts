import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry, EnquiryPage } from '../../../shared/enquiries/admin-schemas';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';

const KEY = 'inbox-test-key-0123456789abcdef';
const auth = { 'x-api-key': KEY };

describe('the enquiry inbox API', () => {
  let subject: TestApp;
  const insert = (overrides?: Parameters<typeof seedEnquiry>[1]) => seedEnquiry(subject.database.db, overrides);

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());
  beforeEach(async () => {
    await subject.database.db.deleteFrom('contact_submissions').execute();
  });

  const list = async (query = '') => {
    const response = await subject.app.inject({ url: `/api/contact-submissions${query}`, headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('answers the plain GET with an array, newest first, in the API shape', async () => {
    const older = await insert({ submitted_at: '2026-03-01T10:00:00.000Z' });
    const newer = await insert({
      submission_type: 'assessment',
      submitted_at: '2026-03-02T10:00:00.000Z',
      telephone: '01632 960000',
      year_group: 'Year 9',
      email_title: 'GCSE Maths',
      notes: 'Struggling with algebra',
      message: null,
    });
    const body = (await list()) as Enquiry[];
    expect(body.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toEqual({
      id: newer.id,
      firstName: newer.firstName,
      lastName: 'Example',
      email: newer.email,
      telephone: '01632 960000',
      mobile: '07700 900000',
      submissionType: 'assessment',
      yearGroup: 'Year 9',
      emailTitle: 'GCSE Maths',
      notes: 'Struggling with algebra',
      message: null,
      reviewed: 'false',
      submittedAt: '2026-03-02T10:00:00.000Z',
    });
  });

  it('searches name, e-mail, phone and message, case-insensitively, with wildcards taken literally', async () => {
    const byName = await insert({ first_name: 'Zoë', last_name: 'Hartley' });
    const byEmail = await insert({ email: 'QUINN@mail.example' });
    const byPhone = await insert({ telephone: '01642 555123' });
    const byMessage = await insert({ message: 'Is there 100% parking near the centre?' });
    await insert();
    const ids = async (q: string) => ((await list(`?q=${encodeURIComponent(q)}`)) as Enquiry[]).map((s) => s.id);
    expect(await ids('zoë hart')).toEqual([byName.id]);
    expect(await ids('quinn@')).toEqual([byEmail.id]);
    expect(await ids('555123')).toEqual([byPhone.id]);
    expect(await ids('100% PARKING')).toEqual([byMessage.id]);
    expect(await ids('0%p')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('filters by type and by reviewed, and counts every tile for the current search', async () => {
    const assessment = await insert({ submission_type: 'assessment', reviewed: 'true' });
    const contact = await insert({ submission_type: 'contact' });
    const other = await insert({ submission_type: 'contact', reviewed: 'true', first_name: 'Amir' });
    const ids = async (query: string) => ((await list(query)) as Enquiry[]).map((s) => s.id);
    expect(await ids('?type=assessment')).toEqual([assessment.id]);
    expect(await ids('?type=contact')).toEqual([other.id, contact.id]);
    expect(await ids('?reviewed=false')).toEqual([contact.id]);
    expect(await ids('?reviewed=true&type=contact')).toEqual([other.id]);

    const counts = await subject.app.inject({ url: '/api/contact-submissions/counts', headers: auth });
    expect(counts.json()).toEqual({ all: 3, assessment: 1, contact: 2, unreviewed: 1 });
    const searched = await subject.app.inject({ url: '/api/contact-submissions/counts?q=amir', headers: auth });
    expect(searched.json()).toEqual({ all: 1, assessment: 0, contact: 1, unreviewed: 0 });
  });

  it('pages on the server when page or pageSize is given', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await insert());
    const newestFirst = made.map((s) => s.id).reverse();
    const first = (await list('?page=1&pageSize=2')) as EnquiryPage;
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, pageCount: 3, mailOn: false });
    expect(first.items.map((s) => s.id)).toEqual(newestFirst.slice(0, 2));
    const last = (await list('?page=3&pageSize=2')) as EnquiryPage;
    expect(last.items.map((s) => s.id)).toEqual(newestFirst.slice(4));
    const beyond = (await list('?page=9&pageSize=2')) as EnquiryPage;
    expect(beyond.items).toEqual([]);
    const defaults = (await list('?page=1')) as EnquiryPage;
    expect(defaults).toMatchObject({ pageSize: 20, pageCount: 1 });
    expect(defaults.items).toHaveLength(5);
  });

  it.each([
    ['?page=0', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?page=two', 'page'],
    ['?type=newsletter', 'type'],
    ['?reviewed=maybe', 'reviewed'],
  ])('refuses the bad query %s with a 400 naming %s', async (query, field) => {
    const response = await subject.app.inject({ url: `/api/contact-submissions${query}`, headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('updates a submission, marking it reviewed, and answers the stored result', async () => {
    const made = await insert();
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/contact-submissions/${made.id}`,
      headers: auth,
      payload: { ...made, firstName: ' Priya ', yearGroup: '', reviewed: 'true' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...made, firstName: 'Priya', yearGroup: null, reviewed: 'true' });
    expect((await list()) as Enquiry[]).toEqual([{ ...made, firstName: 'Priya', reviewed: 'true' }]);
  });

  it.each([
    [{ firstName: '' }, 'firstName'],
    [{ email: 'not-an-email' }, 'email'],
    [{ reviewed: 'yes' }, 'reviewed'],
    [{ submissionType: 'spam' }, 'submissionType'],
    [{ message: 'x'.repeat(5001) }, 'message'],
    [{ telephone: 42 }, 'telephone'],
  ])('refuses the update %j with a 400 naming %s', async (payload, field) => {
    const made = await insert();
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/contact-submissions/${made.id}`,
      headers: auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('answers 404 for an unknown id and for an id that is not a number', async () => {
    const unknown = await subject.app.inject({
      method: 'PUT',
      url: '/api/contact-submissions/999999',
      headers: auth,
      payload: { reviewed: 'true' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await subject.app.inject({ method: 'DELETE', url: '/api/contact-submissions/abc', headers: auth });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: 'There is no submission abc.', code: 'NOT_FOUND' });
  });

  it('deletes once; the second delete of the same id gets 404', async () => {
    const made = await insert();
    const kept = await insert();
    const remove = () =>
      subject.app.inject({ method: 'DELETE', url: `/api/contact-submissions/${made.id}`, headers: auth });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    expect(((await list()) as Enquiry[]).map((s) => s.id)).toEqual([kept.id]);
  });
});
