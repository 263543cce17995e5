import { type Kysely, type Selectable, sql } from 'kysely';
import type { MarkedEnquiry, InboxEnquiry, MailStatus, StaffNote } from '../../../shared/enquiries/admin-schemas';
import { engineOf } from '../../db/dialect';
import type { DatabaseSchema, EmailOutboxTable, StaffNotesTable } from '../../db/schema';
import type { ActingStaff } from '../../auth/principal';
import { liveEnquiry, notBinned } from './not-binned';
import type { Clock } from '../../../shared/clock';

type OutboxRow = Pick<Selectable<EmailOutboxTable>, 'status' | 'attempts' | 'last_error' | 'sent_at'>;

/** The outbox row in staff's words: 'pending' splits into queued (not tried yet) and retrying (tried, failed). */
export function mailStatusOf(row: OutboxRow): MailStatus {
  const state =
    row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : row.last_error ? 'retrying' : 'queued';
  return {
    state,
    attempts: row.attempts,
    lastError: state === 'sent' ? null : row.last_error,
    sentAt: row.sent_at,
  };
}

type NoteRow = Pick<Selectable<StaffNotesTable>, 'id' | 'body' | 'created_at' | 'author_name'>;

const noteOf = (row: NoteRow): StaffNote => ({
  id: row.id,
  text: row.body,
  createdAt: row.created_at,
  author: row.author_name,
});

const IDS_PER_QUERY = 500;

const outboxColumns = ['submission_id', 'status', 'attempts', 'last_error', 'sent_at'] as const;

/** Staff's side of the inbox: notes on an enquiry and its staff notification's delivery. */
export function createWorkflowRepo(db: Kysely<DatabaseSchema>, clock: Clock) {
  const postgres = engineOf(db as Kysely<unknown>) === 'postgres';
  const notificationRow = (submissionId: number) =>
    db
      .selectFrom('email_outbox')
      .select(outboxColumns)
      .where('submission_id', 'in', liveEnquiry(db, submissionId))
      .where('kind', '=', 'staff-notification')
      .orderBy('id', 'desc')
      .executeTakeFirst();

  /** The notes of these enquiries, oldest first each; asked in slices, so an export of thousands stays inside the databases' parameter limits. */
  async function notesFor(ids: readonly number[]): Promise<Map<number, StaffNote[]>> {
    const notesOf = new Map<number, StaffNote[]>();
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const notes = await db
        .selectFrom('staff_notes')
        .selectAll()
        .where('submission_id', 'in', ids.slice(start, start + IDS_PER_QUERY))
        .orderBy('submission_id')
        .orderBy('id')
        .execute();
      for (const note of notes) {
        const list = notesOf.get(note.submission_id) ?? [];
        list.push(noteOf(note));
        notesOf.set(note.submission_id, list);
      }
    }
    return notesOf;
  }

  return {
    /** One page of enquiries with their notes and notification status: two queries, whatever the page size. */
    async withWorkflow(enquiries: MarkedEnquiry[]): Promise<InboxEnquiry[]> {
      const ids = enquiries.map((enquiry) => enquiry.id);
      if (ids.length === 0) return [];
      const [notesOf, mails] = await Promise.all([
        notesFor(ids),
        db
          .selectFrom('email_outbox')
          .select(outboxColumns)
          .where('submission_id', 'in', ids)
          .where('kind', '=', 'staff-notification')
          .execute(),
      ]);
      const mailOf = new Map(mails.map((row) => [row.submission_id, mailStatusOf(row)]));
      return enquiries.map((enquiry) => ({
        ...enquiry,
        staffNotes: notesOf.get(enquiry.id) ?? [],
        notification: mailOf.get(enquiry.id) ?? null,
      }));
    },

    notesFor,

    /** Oldest first; undefined when there is no such enquiry outside the Bin. */
    async notes(submissionId: number): Promise<StaffNote[] | undefined> {
      const exists = await liveEnquiry(db, submissionId).executeTakeFirst();
      if (!exists) return undefined;
      const rows = await db
        .selectFrom('staff_notes')
        .selectAll()
        .where('submission_id', '=', submissionId)
        .orderBy('id')
        .execute();
      return rows.map(noteOf);
    },

    /**
     * Adds a note to an existing enquiry outside the Bin; undefined when there is none. The insert only happens
     * while the enquiry's row exists, checked in the same statement; on PostgreSQL it holds that
     * row (FOR SHARE), so a delete under way finishes first, and one that starts later removes
     * the note with the enquiry. SQLite runs one write at a time, so it needs no lock.
     */
    async addNote(submissionId: number, text: string, by: ActingStaff): Promise<StaffNote | undefined> {
      const createdAt = clock().toISOString();
      const row = await db
        .insertInto('staff_notes')
        .columns(['submission_id', 'body', 'created_at', 'author_account_id', 'author_name'])
        .expression((eb) => {
          const existing = eb
            .selectFrom('contact_submissions')
            .select((inner) => [
              inner.ref('id').as('submission_id'),
              inner.val(text).as('body'),
              inner.val(createdAt).as('created_at'),
              // Typed: PostgreSQL would take a bare parameter in a select list as text.
              sql<number | null>`cast(${by.accountId} as integer)`.as('author_account_id'),
              inner.val(by.name).as('author_name'),
            ])
            .where('id', '=', submissionId)
            .where(notBinned);
          return postgres ? existing.forShare() : existing;
        })
        .returning(['id', 'body', 'created_at', 'author_name'])
        .executeTakeFirst();
      return row ? noteOf(row) : undefined;
    },

    async notification(submissionId: number): Promise<MailStatus | undefined> {
      const row = await notificationRow(submissionId);
      return row ? mailStatusOf(row) : undefined;
    },

    /**
     * Puts the enquiry's undelivered staff notification back in the queue, due now, with a fresh
     * set of retries: it reads as queued until the next attempt says otherwise. A delivered one is left alone, so asking twice changes nothing more.
     * Undefined when the enquiry has no notification (mail off, or forgotten after delivery) or is in the Bin.
     */
    async retryNotification(submissionId: number): Promise<MailStatus | undefined> {
      const now = clock();
      await db
        .updateTable('email_outbox')
        .set({ status: 'pending', attempts: 0, last_error: null, next_attempt_at: now.toISOString() })
        .where('submission_id', 'in', liveEnquiry(db, submissionId))
        .where('kind', '=', 'staff-notification')
        .where('status', '<>', 'sent')
        .execute();
      const row = await notificationRow(submissionId);
      return row ? mailStatusOf(row) : undefined;
    },
  };
}

export type WorkflowRepo = ReturnType<typeof createWorkflowRepo>;
