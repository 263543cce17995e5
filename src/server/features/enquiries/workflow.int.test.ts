import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryPage, MailStatus, StaffNote } from '../../../shared/enquiries/admin-schemas';
import { STAFF_NOTE_MAX } from '../../../shared/enquiries/admin-schemas';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import type { Updateable } from 'kysely';
import type { EmailOutboxTable } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';

const KEY = 'workflow-test-key-0123456789abcdef';
const auth = { 'x-api-key': KEY };

describe("staff's work on an enquiry: notes and the notification's delivery", () => {
  let subject: TestApp;
  const db = () => subject.database.db;
  const insert = () => seedEnquiry(db());

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());
  beforeEach(async () => {
    await db().deleteFrom('staff_notes').execute();
    await db().deleteFrom('email_outbox').execute();
    await db().deleteFrom('contact_submissions').execute();
  });

  const addNote = (id: number | string, payload: unknown, headers: Record<string, string> = auth) =>
    subject.app.inject({
      method: 'POST',
      url: `/api/contact-submissions/${id}/notes`,
      headers,
      payload: payload as object,
    });
  const notesOf = async (id: number) => {
    const response = await subject.app.inject({ url: `/api/contact-submissions/${id}/notes`, headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json<StaffNote[]>();
  };
  const queueNotification = (submissionId: number) =>
    enqueueEmail(
      db(),
      { submissionId, recipient: 'office@example.test', subject: 'New enquiry', body: 'Text' },
      new Date(),
    );
  const retry = (id: number | string, headers: Record<string, string> = auth) =>
    subject.app.inject({ method: 'POST', url: `/api/contact-submissions/${id}/notification/retry`, headers });

  describe('notes', () => {
    it('adds notes with their time and lists them oldest first, apart from the parent’s words', async () => {
      const made = await insert();
      const before = Date.now();
      const first = await addNote(made.id, { text: '  Rang back, left a voicemail.  ' });
      expect(first.statusCode).toBe(201);
      const note = first.json<StaffNote>();
      expect(note.text).toBe('Rang back, left a voicemail.');
      expect(Date.parse(note.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect((await addNote(made.id, { text: 'Booked for Saturday 10:00.' })).statusCode).toBe(201);

      expect((await notesOf(made.id)).map((n) => n.text)).toEqual([
        'Rang back, left a voicemail.',
        'Booked for Saturday 10:00.',
      ]);
      // The parent's own notes field is untouched.
      const page = await subject.app.inject({ url: '/api/contact-submissions?page=1', headers: auth });
      const item = page.json<EnquiryPage>().items[0]!;
      expect(item.notes).toBe(made.notes);
      expect(item.message).toBe(made.message);
      expect(item.staffNotes.map((n) => n.text)).toEqual([
        'Rang back, left a voicemail.',
        'Booked for Saturday 10:00.',
      ]);
    });

    it('keeps hostile text as inert plain text: markup stays literal, control characters go', async () => {
      const made = await insert();
      const hostile = '<img src=x onerror=alert(1)>\u0008\u202Eevil\r\nnext line\u0007';
      const response = await addNote(made.id, { text: hostile });
      expect(response.statusCode).toBe(201);
      expect(response.json<StaffNote>().text).toBe('<img src=x onerror=alert(1)>evil\nnext line');
      // NUL is refused for every body field before the route (input-rules.ts), naming the field.
      const nul = await addNote(made.id, { text: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'text' });
    });

    it.each([
      [{}, 'text', 'Note must be text'],
      [{ text: '' }, 'text', 'Please write a note'],
      [{ text: ' \n\t ' }, 'text', 'Please write a note'],
      [{ text: 42 }, 'text', 'Note must be text'],
      [{ text: 'x'.repeat(STAFF_NOTE_MAX + 1) }, 'text', `A note must be at most ${STAFF_NOTE_MAX} characters`],
    ])('refuses %j with a 400 naming the field and stores nothing', async (payload, field, message) => {
      const made = await insert();
      const response = await addNote(made.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', field, error: message });
      expect(await db().selectFrom('staff_notes').selectAll().execute()).toEqual([]);
    });

    it('takes a note of the longest length and answers a huge hostile one quickly, without a 500', async () => {
      const made = await insert();
      expect((await addNote(made.id, { text: 'é'.repeat(STAFF_NOTE_MAX) })).statusCode).toBe(201);
      const started = performance.now();
      const huge = await addNote(made.id, { text: '\r'.repeat(300_000) + '\u202E'.repeat(100_000) });
      expect(huge.statusCode).toBe(400);
      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('answers 404 for an enquiry that does not exist, and adds nothing', async () => {
      const missing = await addNote(999999, { text: 'Hello' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', error: 'There is no submission 999999.' });
      expect((await addNote('abc', { text: 'Hello' })).statusCode).toBe(404);
      const list = await subject.app.inject({ url: '/api/contact-submissions/999999/notes', headers: auth });
      expect(list.statusCode).toBe(404);
      expect(await db().selectFrom('staff_notes').selectAll().execute()).toEqual([]);
    });

    it('refuses every route without the key', async () => {
      const made = await insert();
      await queueNotification(made.id);
      const noKey = {};
      const requests = [
        addNote(made.id, { text: 'Hello' }, noKey),
        subject.app.inject({ url: `/api/contact-submissions/${made.id}/notes` }),
        subject.app.inject({ url: `/api/contact-submissions/${made.id}/notification` }),
        retry(made.id, { 'x-api-key': 'wrong-key-0123456789abcdefghij' }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect(await db().selectFrom('staff_notes').selectAll().execute()).toEqual([]);
    });
  });

  describe("the staff notification's delivery", () => {
    const status = async (id: number) => {
      const response = await subject.app.inject({ url: `/api/contact-submissions/${id}/notification`, headers: auth });
      expect(response.statusCode).toBe(200);
      return response.json<MailStatus>();
    };
    const setOutbox = (id: number, values: Updateable<EmailOutboxTable>) =>
      db().updateTable('email_outbox').set(values).where('submission_id', '=', id).execute();

    it('reads queued, retrying with the last error, failed, and sent', async () => {
      const made = await insert();
      await queueNotification(made.id);
      expect(await status(made.id)).toEqual({ state: 'queued', attempts: 0, lastError: null, sentAt: null });
      await setOutbox(made.id, { attempts: 2, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
      expect(await status(made.id)).toMatchObject({
        state: 'retrying',
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      });
      await setOutbox(made.id, { status: 'failed', attempts: 12, last_error: '550 mailbox unavailable' });
      expect(await status(made.id)).toMatchObject({
        state: 'failed',
        attempts: 12,
        lastError: '550 mailbox unavailable',
      });
      await setOutbox(made.id, { status: 'sent', sent_at: '2026-11-23T10:00:00.000Z', last_error: null });
      expect(await status(made.id)).toMatchObject({ state: 'sent', sentAt: '2026-11-23T10:00:00.000Z' });

      const page = await subject.app.inject({ url: '/api/contact-submissions?page=1', headers: auth });
      expect(page.json<EnquiryPage>().items[0]!.notification).toMatchObject({ state: 'sent' });
    });

    it('shows no status for an enquiry without a notification (mail off)', async () => {
      const made = await insert();
      const page = await subject.app.inject({ url: '/api/contact-submissions?page=1', headers: auth });
      expect(page.json<EnquiryPage>().items[0]!.notification).toBeNull();
      const response = await subject.app.inject({
        url: `/api/contact-submissions/${made.id}/notification`,
        headers: auth,
      });
      expect(response.statusCode).toBe(404);
      expect((await retry(made.id)).statusCode).toBe(404);
    });

    it('retry requeues a failed notification, due now, with fresh retries; twice is the same as once', async () => {
      const made = await insert();
      await queueNotification(made.id);
      await setOutbox(made.id, {
        status: 'failed',
        attempts: 12,
        last_error: '550 mailbox unavailable',
        next_attempt_at: '2000-01-01T00:00:00.000Z',
      });
      const before = new Date().toISOString();
      const first = await retry(made.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        state: 'queued',
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
      const row = await db().selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
      expect(row.next_attempt_at >= before).toBe(true);

      const second = await retry(made.id);
      expect(second.json()).toEqual(first.json());
      expect(await db().selectFrom('email_outbox').selectAll().execute()).toHaveLength(1);
    });

    it('leaves a delivered notification alone', async () => {
      const made = await insert();
      await queueNotification(made.id);
      await setOutbox(made.id, { status: 'sent', attempts: 1, sent_at: '2026-11-23T10:00:00.000Z' });
      const response = await retry(made.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'sent', attempts: 1 });
    });

    it('answers 404 for an id that is not a number or not stored', async () => {
      expect((await retry('1e3')).statusCode).toBe(404);
      expect((await retry(123456)).json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
