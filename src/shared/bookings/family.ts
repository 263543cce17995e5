import { canonicalEmail } from '../canonical-email';

/**
 * One family, as the cap on bookings to come counts it (issue 51, decision 0071): the e-mail
 * address in its canonical form (decision 0047) and the phone number as its digits. Either is
 * enough to be the same family: each is counted on its own.
 */

/** Fewer digits than this is no phone number ("n/a", "123"): it is not counted. */
const fewestDigits = 7;

/**
 * A phone number as its digits, so one number written two ways is one number: spaces, dashes and
 * brackets go; a UK number written with +44, 0044 or 44 (and the "(0)" often written after it) is
 * the same as with its 0 ("+44 (0)1632 960000", "+44 1632 960000" and "01632 960000" are all
 * 01632960000); another country's keeps its code after 00. Null when too short to be a number.
 */
export function phoneKey(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) digits = `00${digits}`;
  // A UK number's national part is 10 digits after its 0.
  if (/^44\d{10}$/.test(digits)) digits = `0044${digits.slice(2)}`;
  if (digits.startsWith('0044')) digits = `0${digits.slice(4).replace(/^0/, '')}`;
  return digits.length >= fewestDigits ? digits : null;
}

/** The keys one booking counts under: its e-mail address and (when it reads as one) its phone number. */
export function familyOf(parent: { email: string; telephone: string }): { email: string; phone: string | null } {
  return { email: canonicalEmail(parent.email), phone: phoneKey(parent.telephone) };
}

/**
 * What a parent whose family already holds `most` bookings to come is told (issue 51): no other
 * family's details, and nothing the parent did not type; the way to change the one they have.
 */
export function alreadyBookedMessage(most: number, phone: string): string {
  const holding =
    most === 1
      ? 'You already have a free assessment booked.'
      : `You already have ${most} free assessments booked, the most one family can hold at once.`;
  const which = most === 1 ? 'it' : 'one';
  return `${holding} To change ${which}, use the link in its confirmation e-mail, or call us on ${phone}.`;
}
