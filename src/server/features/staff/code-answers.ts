import crypto from 'node:crypto';
import { matchingStep } from '../../auth/totp';
import type { AccountsRepo, StoredAccount } from './accounts-repo';

/**
 * A code typed at a sign-in or a step-up, checked the one way for both: an authenticator app's
 * code must match a step not used before (a code works once), an e-mailed code's check value must
 * equal the one stored for the challenge, compared in constant time.
 */
export async function appCodeIsRight(accounts: AccountsRepo, account: StoredAccount, code: string, now: Date) {
  const secret = accounts.authenticatorSecret(account);
  if (secret === null) return false;
  const step = matchingStep(secret, code, now, account.totp_last_step);
  return step !== undefined && (await accounts.useAuthenticatorStep(account.id, step));
}

export function emailedCodeIsRight(storedCheckHex: string, givenCheckHex: string): boolean {
  const expected = Buffer.from(storedCheckHex, 'hex');
  const given = Buffer.from(givenCheckHex, 'hex');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
