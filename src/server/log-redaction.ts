/**
 * What may reach the service log from text we do not control (a mail server's rejection, a
 * database error): e-mail addresses are replaced, because the log outlives deletion and retention
 * (docs/product.md#privacy-and-terms). A token is a run of characters that cannot surround an address, so
 * each character is looked at once whatever the text is (no backtracking).
 */
const token = /[^\s<>()[\]"',;:=]+/g;

export const redactedAddress = '<address>';

/** Something@something; a path such as node_modules/@scope/name in a stack trace is not one. */
function looksLikeAddress(word: string): boolean {
  const at = word.indexOf('@');
  return at > 0 && at < word.length - 1 && word[at - 1] !== '/';
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
