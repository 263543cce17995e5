import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import { createSecretBox } from '../../src/server/auth/secrets-at-rest';
import type { DatabaseSchema } from '../../src/server/db/schema';
import { claimDueEmail, markSent, withSecrets } from '../../src/server/mail/outbox';
import type { ReceivedMail } from './smtp';

// Reading a booking's mails (issue 41) as the parent's mail program and calendar would: the
// integration tests and the end-to-end specs share these.

/** The .ics a mail carries, as its attachment (base64) holds it. */
export function attachedCalendar(mail: ReceivedMail): string {
  const part = mail.raw.indexOf('Content-Type: application/ics');
  if (part === -1) throw new Error('The mail carries no .ics attachment.');
  const start = mail.raw.indexOf('\r\n\r\n', part) + 4;
  const end = mail.raw.indexOf('\r\n--', start);
  return Buffer.from(mail.raw.slice(start, end).replace(/\s/g, ''), 'base64').toString('utf8');
}

/** The raw message with its folded header lines unfolded. */
export const unfolded = (mail: ReceivedMail) => mail.raw.replace(/\r\n[ \t]/g, ' ');

/** The message as a maintained parser (ical.js) reads it, its London zone registered as a calendar would. */
export function parsedEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { method: calendar.getFirstPropertyValue('method'), event: new ICAL.Event(vevent), vevent };
}

/** The link's token in the mail's text (quoted-printable writes its '=' as '=3D'); `waiting`: a waiting list's claim link. */
export const tokenIn = (mail: ReceivedMail, link: 'cancel' | 'change' | 'waiting') =>
  new RegExp(`/free-assessment/${link}\\?token=(?:3D)?([\\w-]+)`).exec(mail.text)![1]!;

/**
 * The link's token in the newest booking confirmation still queued (to `recipient`, if given), as
 * the mail worker would put it in: the stored text holds only a marker, the token is sealed beside
 * it (decision 0071). Reads the row as the worker would, without claiming it.
 */
export async function queuedToken(
  subject: { database: { db: Kysely<DatabaseSchema> }; config: { secretsKeyFile: string } },
  link: 'cancel' | 'change',
  recipient?: string,
): Promise<string> {
  let query = subject.database.db
    .selectFrom('email_outbox')
    .select(['id', 'recipient', 'body', 'secrets', 'created_at'])
    .where('kind', '=', 'booking-confirmation');
  if (recipient) query = query.where('recipient', '=', recipient.toLowerCase());
  const row = await query.orderBy('id', 'desc').executeTakeFirstOrThrow();
  if (row.secrets === null) throw new Error(`Outbox mail ${row.id} holds no link tokens (already sent?).`);
  const opened = withSecrets(
    {
      id: row.id,
      attempts: 0,
      createdAt: row.created_at,
      recipient: row.recipient,
      subject: '',
      body: row.body,
      sealedSecrets: row.secrets,
    },
    createSecretBox(subject.config.secretsKeyFile),
  );
  return new RegExp(`/free-assessment/${link}\\?token=([\\w-]+)`).exec(opened.body)![1]!;
}

/**
 * Every waiting-list claim link in the outbox, by recipient: each mail due claimed and opened as the
 * mail worker opens it to send (its token unsealed), then marked sent.
 */
export async function claimTokens(
  subject: { database: { db: Kysely<DatabaseSchema> }; config: { secretsKeyFile: string } },
  now: () => Date,
): Promise<Map<string, string>> {
  const box = createSecretBox(subject.config.secretsKeyFile);
  const tokens = new Map<string, string>();
  for (;;) {
    const due = await claimDueEmail(subject.database.db, now(), 60_000);
    if (!due) break;
    const opened = withSecrets(due, box);
    const token = /\/free-assessment\/waiting\?token=([\w-]+)/.exec(opened.body)?.[1];
    if (token) tokens.set(opened.recipient, token);
    await markSent(subject.database.db, due.id, now());
  }
  return tokens;
}
