import { type Kysely, sql } from 'kysely';
import { foldLine } from '../../calendar/ics';

/**
 * `email_outbox.secrets` (issue 51, decision 0071 "Link tokens in the outbox"): the values a
 * mail's text names by marker (`[[secret:cancel]]`), a booking's link tokens, sealed with the
 * secrets key until the mail is sent or given up, then NULL. The text itself no longer holds them.
 *
 * Booking confirmations queued before it held their tokens in their text (and calendar). Those
 * sent or given up lose them here; those still waiting keep them in `secrets`, readable as before
 * (the worker opens an unsealed value as it is) until sent, minutes later, when they go.
 */
const tokenInLink = /(\/free-assessment\/(cancel|change)\?token=)([\w-]{43})/g;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('secrets', 'text').execute();
  await markLegacyTokens(db);
}

/** The tokens in booking confirmations' text replaced by markers: kept apart while waiting, gone once sent or given up. */
export async function markLegacyTokens(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; status: string; body: string; calendar: string | null }>`
    select id, status, body, calendar from email_outbox where kind = 'booking-confirmation'
  `.execute(db);
  for (const row of rows) {
    const secrets: Record<string, string> = {};
    const markers = (text: string) =>
      text.replace(tokenInLink, (_match, link: string, purpose: string, token: string) => {
        secrets[purpose] = token;
        return `${link}[[secret:${purpose}]]`;
      });
    const body = markers(row.body);
    // The calendar's lines are folded at 75 octets, maybe inside a token: unfolded, then folded again.
    const calendar =
      row.calendar === null
        ? null
        : `${row.calendar
            .replace(/\r\n[ \t]/g, '')
            .split('\r\n')
            .filter((line, index, lines) => line !== '' || index < lines.length - 1)
            .map((line) => foldLine(markers(line)))
            .join('\r\n')}\r\n`;
    if (Object.keys(secrets).length === 0) continue;
    const kept = row.status === 'pending' ? JSON.stringify(secrets) : null;
    await sql`update email_outbox set body = ${body}, calendar = ${calendar}, secrets = ${kept} where id = ${row.id}`.execute(
      db,
    );
  }
}
