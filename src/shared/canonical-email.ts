/** Providers that ignore dots in the name part and read googlemail.com as gmail.com. */
const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, however it was written (decision 0047): wherever we count or match e-mail
 * addresses, we compare this form, never what was typed. Lower case throughout; a `+tag` after the
 * name is dropped (most providers deliver it to the name's mailbox); on Gmail, dots in the name
 * are dropped and googlemail.com is gmail.com. Only for comparing: mail goes to the address as
 * typed, because elsewhere `a.b` and `ab` can be two people.
 */
export function canonicalEmail(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (gmailDomains.has(domain)) {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}
