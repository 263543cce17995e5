import type { Kysely } from 'kysely';
import type { SecretBox } from '../auth/secrets-at-rest';
import type { DatabaseSchema } from '../db/schema';

/**
 * The mails the outbox carries: staff's notification of an enquiry, the parent's confirmation
 * (decision 0032), and staff's own sign-in mail: invitations, one-time codes and the warning that
 * an account's sign-in budget tripped (decision 0058).
 */
export const outboxKinds = [
  'staff-notification',
  'parent-confirmation',
  'staff-invitation',
  'sign-in-code',
  'sign-in-alert',
  'sign-in-changed',
  // Getting back in (issue 38): "Forgot your password?" and an owner's "Reset sign-in".
  'sign-in-recovery',
  'sign-in-reset',
  // Booked free assessments (issue 41): the parent's invitation, cancellation and reminder.
  'booking-confirmation',
  'booking-update',
  'booking-cancellation',
  'booking-reminder',
  // The office told of a booking's change or cancellation (the booking itself is a staff notification).
  'booking-notice',
  // A family that missed its assessment, offered another time when staff choose (issue 51).
  'booking-rebook',
  // The waiting list (issue 51): joining it, and a time come free in the family's days.
  'waiting-list',
  // A family still waiting for a first contact (issue 50): the inbox's staff, then the owners.
  'reply-nudge',
  // The owners' Monday report (issue 50), and one sent on asking from Insights.
  'weekly-report',
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

export interface OutgoingEmail {
  /** Staff notification unless said otherwise. */
  kind?: OutboxKind;
  submissionId?: number;
  recipient: string;
  /** Set where mail is counted by address: the recipient's canonical form. */
  recipientKey?: string;
  replyTo?: string;
  subject: string;
  body: string;
  /** An iCalendar message sent with the text: a text/calendar alternative with its METHOD, and an .ics attachment. */
  calendar?: CalendarPart;
  /** The same message as HTML, sent as an alternative to the text (the Monday report's tables). */
  html?: string;
  /**
   * Values the text names by `secretMarker(name)` instead of holding them: a booking's link
   * tokens. Stored sealed with the secrets key, apart from the text, put in only as the mail is
   * handed to the mail server, and forgotten once it is sent or given up (decision 0071, "Link
   * tokens in the outbox"), so the stored copy never holds a working link.
   */
  secrets?: Record<string, string>;
}

export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export interface QueuedEmail extends Omit<OutgoingEmail, 'secrets'> {
  id: number;
  attempts: number;
  /** When it was queued (ISO): with the id, what names this mail and no other. */
  createdAt: string;
  /** Its `secrets`, still sealed: `withSecrets` opens them into the text just before sending. */
  sealedSecrets?: string;
}

/** Where a secret stands in a queued mail's text (body, HTML or calendar) until it is sent. */
export const secretMarker = (name: string) => `[[secret:${name}]]`;

/**
 * What a mail's sealed secrets are bound to: that mail (its recipient and the time it was queued),
 * so a value copied to another row does not open there.
 */
const secretsContext = (createdAt: string, recipient: string) => `email_outbox.secrets|${createdAt}|${recipient}`;

/**
 * The mail as it goes to the mail server (never stored): each marker its sealed secrets name
 * replaced by the value. Throws when they cannot be opened (no key, another key): the attempt
 * then fails and is retried, and once given up the secrets are forgotten.
 */
export function withSecrets(email: QueuedEmail, box: Pick<SecretBox, 'open'> | undefined): QueuedEmail {
  if (email.sealedSecrets === undefined) return email;
  if (!box) throw new Error('This mail holds sealed links and the mail worker has no secrets key to open them.');
  const values = JSON.parse(box.open(email.sealedSecrets, secretsContext(email.createdAt, email.recipient))) as Record<
    string,
    string
  >;
  const fill = (text: string) =>
    Object.entries(values).reduce((filled, [name, value]) => filled.replaceAll(secretMarker(name), value), text);
  return {
    ...email,
    body: fill(email.body),
    ...(email.html !== undefined && { html: fill(email.html) }),
    ...(email.calendar && { calendar: { ...email.calendar, content: fill(email.calendar.content) } }),
  };
}

/**
 * Queues a mail. Call it inside the transaction that stores what the mail is about. A mail with
 * `secrets` needs the secrets box, which seals them.
 */
export async function enqueueEmail(
  db: Kysely<DatabaseSchema>,
  email: OutgoingEmail,
  now: Date,
  box?: Pick<SecretBox, 'seal'>,
) {
  const at = now.toISOString();
  if (email.secrets && !box) throw new Error('A mail with secrets is queued with the secrets box that seals them.');
  await db
    .insertInto('email_outbox')
    .values({
      kind: email.kind ?? 'staff-notification',
      submission_id: email.submissionId ?? null,
      recipient: email.recipient,
      recipient_key: email.recipientKey ?? null,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      body: email.body,
      calendar: email.calendar?.content ?? null,
      calendar_method: email.calendar?.method ?? null,
      html: email.html ?? null,
      secrets:
        email.secrets && box ? box.seal(JSON.stringify(email.secrets), secretsContext(at, email.recipient)) : null,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/**
 * Takes the oldest due mail for this worker for `leaseMs`. The conditional update is the lock:
 * when two app instances race for one row only one update matches, on SQLite and PostgreSQL.
 */
export async function claimDueEmail(
  db: Kysely<DatabaseSchema>,
  now: Date,
  leaseMs: number,
): Promise<QueuedEmail | undefined> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('email_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(5)
    .execute();
  for (const row of candidates) {
    const result = await db
      .updateTable('email_outbox')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    return {
      id: row.id,
      attempts: row.attempts,
      createdAt: row.created_at,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      ...(row.submission_id !== null ? { submissionId: row.submission_id } : {}),
      ...(row.reply_to !== null ? { replyTo: row.reply_to } : {}),
      ...(row.html !== null ? { html: row.html } : {}),
      ...(row.secrets !== null ? { sealedSecrets: row.secrets } : {}),
      ...(row.calendar !== null && (row.calendar_method === 'REQUEST' || row.calendar_method === 'CANCEL')
        ? { calendar: { method: row.calendar_method, content: row.calendar } }
        : {}),
    };
  }
  return undefined;
}

/** Records a mail as sent; its secrets (a booking's link tokens) are forgotten in the same update. */
export async function markSent(db: Kysely<DatabaseSchema>, id: number, now: Date) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      secrets: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: retry at `retryAt`, or give up when it is undefined (and forget its secrets). */
export async function markAttemptFailed(
  db: Kysely<DatabaseSchema>,
  id: number,
  error: string,
  retryAt: Date | undefined,
) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: retryAt ? 'pending' : 'failed',
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 1000),
      locked_until: null,
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { secrets: null }),
    }))
    .where('id', '=', id)
    .execute();
}

/** Forgets delivered mail sent before the cutoff (SENT_MAIL_KEEP_DAYS); answers how many went. */
export async function purgeSentBefore(db: Kysely<DatabaseSchema>, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
