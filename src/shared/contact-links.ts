/**
 * Links that open the staff member's mail program or phone for a parent's address or number.
 * Both are built from stored text that staff can edit, so each is checked, not trusted: the href
 * always starts with its own scheme, and anything odd gets no link (the text still shows).
 */

/** One @, no spaces and none of the characters that would add mailto: headers (?, &, #) or a path. */
const plainAddress = /^[^\s@?&#/\\:<>"]+@[^\s@?&#/\\:<>"]+$/;

export function mailtoHref(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !plainAddress.test(trimmed)) return undefined;
  return `mailto:${encodeURI(trimmed)}`;
}

/**
 * tel: wants the number alone: its digits, with a leading + kept for an international number
 * ("07700 900 123" is tel:07700900123). The "(0)" written after a country code is not dialled
 * from abroad, so it goes: "+44 (0)1632 960123" is tel:+441632960123.
 */
export function telHref(phone: string): string | undefined {
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+');
  const digits = (international ? trimmed.replace(/\(0\)/, '') : trimmed).replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 20) return undefined;
  return `tel:${international ? '+' : ''}${digits}`;
}
