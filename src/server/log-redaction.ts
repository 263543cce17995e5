import { emailAddressCharacters } from '../shared/email-address';

/**
 * What may reach the service log from text we do not control (a mail server's rejection, a
 * database error): e-mail addresses are replaced, because the log outlives deletion and retention
 * (docs/product.md#privacy-and-terms). A token is a run of the characters an address the forms
 * accept may hold (shared/email-address.ts, the forms' own rule), so every such address is one
 * token whole, an apostrophe included, and each character is looked at once (no backtracking).
 */
const token = emailAddressCharacters;

export const redactedAddress = '<address>';

/**
 * Something@something: generous on purpose (a mail server may quote an address no form would
 * accept). A path such as node_modules/@scope/name in a stack trace is not one: `/` ends a token.
 */
function looksLikeAddress(word: string): boolean {
  const at = word.indexOf('@');
  return at > 0 && at < word.length - 1;
}

export function withoutAddresses(text: string): string {
  return text.replace(token, (word) => (looksLikeAddress(word) ? redactedAddress : word));
}

/**
 * An error as the log may carry it: its kind, code, message and stack without addresses; never
 * its other fields (a database error's `detail` holds the row's values).
 */
export function loggableError(error: unknown): { type: string; code?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutAddresses(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: withoutAddresses(error.message),
    ...(error.stack ? { stack: withoutAddresses(error.stack) } : {}),
  };
}
