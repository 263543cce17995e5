import type { MailStatus } from '../../../shared/enquiries/admin-schemas';

/** Plain-regex checks on the mail server's last error (kept in the log for whoever fixes it). */
const unreachable =
  /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ESOCKET|timeout|Greeting never received/i;
const signInRefused = /EAUTH|Invalid login|\b535\b/;
const refused = /\b5\d\d\b|rejected/i;

/**
 * What the mail server's last error means, in staff's words (docs/product.md#ui-messages): the
 * technical text ("connect ECONNREFUSED 127.0.0.1:587") says nothing to the office.
 */
export function mailErrorText(status: Pick<MailStatus, 'state' | 'lastError'>): string | undefined {
  const { state, lastError } = status;
  if ((state !== 'retrying' && state !== 'failed') || !lastError) return undefined;
  const meaning = unreachable.test(lastError)
    ? 'The mail server could not be reached'
    : signInRefused.test(lastError)
      ? 'The mail server did not accept the website’s sign-in (check the mail settings)'
      : refused.test(lastError)
        ? 'The mail server refused this e-mail'
        : 'The e-mail could not be sent';
  return state === 'retrying'
    ? `${meaning}; we will keep trying.`
    : `${meaning}; we have stopped trying. Use Retry e-mail to try again.`;
}
