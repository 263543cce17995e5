import { type Kysely, sql } from 'kysely';

/**
 * The limits on the parent's links and on one family (issue 51, decision 0071 "Cut-off, change
 * limit and per-family cap"), on `bookings`:
 * - `changes`: how many times the parent has changed the booking by its link (staff's moves are
 *   not counted); 0 for every booking so far.
 * - `family_email`, `family_phone`: the keys the cap on bookings to come counts, the parent's
 *   e-mail address in its canonical form and the phone number's digits (null when it has too few
 *   to be a number), as shared/bookings/family.ts makes them.
 * Bookings still booked get their keys here (those whose time has passed count for nothing), so
 * the ones to come count from the first booking after the upgrade. A column with a default and nullable ones only: the release before runs on this schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('changes', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('family_email', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('family_phone', 'text').execute();
  await db.schema.createIndex('bookings_family_email').on('bookings').columns(['family_email', 'starts_at']).execute();
  await db.schema.createIndex('bookings_family_phone').on('bookings').columns(['family_phone', 'starts_at']).execute();

  const { rows } = await sql<{ id: number; email: string; telephone: string | null }>`
    select bookings.id, contact_submissions.email, contact_submissions.telephone
    from bookings join contact_submissions on contact_submissions.id = bookings.enquiry_id
    where bookings.status = 'booked'
  `.execute(db);
  for (const { id, email, telephone } of rows) {
    await sql`
      update bookings set family_email = ${emailKey(email)}, family_phone = ${phoneKey(telephone ?? '')}
      where id = ${id}
    `.execute(db);
  }
}

// Written out here rather than imported (a migration never changes with the app's code), as
// shared/canonical-email.ts and shared/bookings/family.ts make them today.

function emailKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}

function phoneKey(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) digits = `00${digits}`;
  if (/^44\d{10}$/.test(digits)) digits = `0044${digits.slice(2)}`;
  if (digits.startsWith('0044')) digits = `0${digits.slice(4).replace(/^0/, '')}`;
  return digits.length >= 7 ? digits : null;
}
