import type { Clock } from '../../../shared/clock';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { matchingStep } from '../../auth/totp';

/**
 * A password chosen with a one-time link (an invitation, an owner's reset link), with the
 * authenticator app set up beside it: the password's hash and the app's step used, once both are
 * checked. An app is required when codes cannot be mailed. Without a password, nothing to check.
 */
export async function checkedNewPassword(
  { config, clock }: { config: Config; clock: Clock },
  email: string,
  password: string | undefined,
  authenticator: { secret: string; code: string } | undefined,
): Promise<{ passwordHash: string | null; step: number | null }> {
  if (password === undefined) return { passwordHash: null, step: null };
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(problem, 'password');
  if (!authenticator && !config.mail) {
    throw badRequest(
      'E-mail is not set up on this site, so sign-in codes must come from an authenticator app: add it, then enter the code it shows.',
      'authenticator',
    );
  }
  let step: number | null = null;
  if (authenticator) {
    step = matchingStep(authenticator.secret, authenticator.code.trim(), clock(), null) ?? null;
    if (step === null) {
      throw badRequest(
        'That code is not right. Check the app shows this site, then enter its current code.',
        'authenticator.code',
      );
    }
  }
  return { passwordHash: await hashPassword(password), step };
}
