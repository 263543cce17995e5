import { canonicalEmail } from '../../../shared/canonical-email';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import {
  budgetRefusal,
  codesBudgetKey,
  passwordBudgetKey,
  type SignInBudgets,
  tooManySignIns,
} from '../../auth/sign-in-budgets';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo, StoredAccount } from './accounts-repo';
import { appCodeIsRight, emailedCodeIsRight } from './code-answers';
import { type Challenges, sha256Hex } from './challenges';
import {
  CODE_TTL_MS,
  codeMailPeekWaitMs,
  codeMailWaitMs,
  mailCode,
  newSixDigitCode,
  tooManyCodesMailed,
} from './emailed-codes';
import type { SignInAlerts } from './sign-in-alerts';

const wrongPassword = () => new AppError(401, 'UNAUTHORIZED', 'Wrong e-mail address or password.');
const signInEnded = () =>
  new AppError(401, 'UNAUTHORIZED', 'This sign-in has ended. Please enter your e-mail address and password again.');
const wrongCode = () =>
  new AppError(401, 'UNAUTHORIZED', 'That code is not right. Please check it and try again.', 'code');
const mailOff = () =>
  new AppError(
    503,
    'MAIL_OFF',
    'Sign-in codes are sent by e-mail, and e-mail is not set up on this site. Please sign in with your passkey, or ask an owner.',
  );

/** An e-mailed code's check value: tied to its own sign-in, so a code is no use in another. */
const codeCheck = (token: string, code: string) => sha256Hex(`${token}:${code}`);

/** The second step a right password leads to, and its challenge's token. */
export interface NextStep {
  next: 'authenticator-app' | 'email-code';
  challenge: string;
}

/**
 * Told of each refused attempt before its error is thrown, with the account it named (undefined
 * when none): the routes write it to the access log, which needs the request.
 */
export type OnRefused = (account: StoredAccount | undefined) => Promise<void>;

/**
 * Signing in with a password (decision 0058) without HTTP, always in two steps: the password, then
 * a one-time code from the person's authenticator app or, without one, by e-mail. Every password
 * and code first takes its place in the sign-in budgets (auth/sign-in-budgets.ts): the address's
 * and the account's, before any hashing or comparison; a right one gives them back. Refusals are
 * the typed errors of errors.ts (a 429 carries its retry-after); the session is the routes'.
 */
export function createSignInService(
  context: Pick<AppContext, 'config' | 'database' | 'mailWorker' | 'clock'> & {
    accounts: AccountsRepo;
    alerts: SignInAlerts;
    challenges: Challenges;
    budgets: SignInBudgets;
    siteFacts: ReadSiteFacts;
  },
) {
  const { config, accounts, alerts, challenges, budgets, clock } = context;
  /** A fresh e-mailed code for the account's second step: its challenge's token, the mail queued. */
  const mailNewCode = async (account: { id: number; email: string }) => {
    const code = newSixDigitCode();
    const challenge = await challenges.open('email-code', account.id, (token) => codeCheck(token, code), CODE_TTL_MS);
    await mailCode(context, account.email, code);
    return challenge;
  };

  return {
    /** The first step: the password of the account `email` names, typed from `ip`. */
    async password(
      { ip, email, password }: { ip: string; email: string; password: string },
      refused: OnRefused,
    ): Promise<NextStep> {
      // Per address typed, whether or not it has an account (so the answer tells nobody who has
      // one), and per address the request came from, before the password is hashed.
      const emailKey = canonicalEmail(email);
      const taken = await budgets.takePasswordPlaces(ip, emailKey, clock);
      const account = await accounts.findByEmail(email);
      if (!taken.granted) {
        await refused(account);
        throw budgetRefusal(taken, 'passwords');
      }
      const usable = account && account.disabled_at === null && account.password_hash !== null;
      // An unknown address costs the same hashing as a wrong password, so timing tells nobody who has an account.
      const hash = usable ? account.password_hash! : await decoyHash();
      const matches = await verifyPassword(password, hash, { clean: taken.clean });
      if (!usable || !matches) {
        await refused(account);
        await budgets.passwordFailed(emailKey, clock);
        const limit = budgets.limits.password.freePlaces;
        if (account && (await budgets.tripOnce(passwordBudgetKey(emailKey), limit, clock()))) {
          await alerts.passwordsTripped(account);
        }
        throw wrongPassword();
      }
      await taken.giveBack();

      // A hash made with weaker parameters than today's is replaced while the password is at hand.
      if (needsRehash(account.password_hash!)) await accounts.setPassword(account.id, await hashPassword(password));

      if (account.totp_secret !== null) {
        const challenge = await challenges.open('authenticator-app', account.id, () => '', CODE_TTL_MS);
        return { next: 'authenticator-app', challenge };
      }
      if (!config.mail) throw mailOff();
      const waitMs = await codeMailWaitMs(context, account.id);
      if (waitMs !== undefined) throw tooManySignIns(waitMs);
      return { next: 'email-code', challenge: await mailNewCode(account) };
    },

    /**
     * "Send a new code" (issue 38): the e-mailed code's step starts again with a fresh code; the
     * earlier one stops working. Each takes a place in the account's e-mailed codes, so the button
     * cannot flood an inbox, and asking is no guess: no place in the sign-in budgets.
     */
    async codeAgain(token: string): Promise<NextStep> {
      const challenge = await challenges.find(token);
      const account = challenge?.account_id == null ? undefined : await accounts.find(challenge.account_id);
      if (challenge?.purpose !== 'email-code' || !account || account.disabled_at !== null) throw signInEnded();
      const waitMs = await codeMailPeekWaitMs(context, account.id);
      if (waitMs !== undefined) throw tooManyCodesMailed(waitMs);
      // Ended first: two presses at once cannot both go on with the old step.
      if (!(await challenges.close(token))) throw signInEnded();
      // The place is taken by the one press that ended the step (another way of asking may have
      // taken the last one meanwhile: then the step is over and the wait is said).
      const racedMs = await codeMailWaitMs(context, account.id);
      if (racedMs !== undefined) throw tooManyCodesMailed(racedMs);
      return { next: 'email-code', challenge: await mailNewCode(account) };
    },

    /** The second step: the code for the sign-in `token`, typed from `ip`. Answers the account signed in. */
    async code(
      { ip, token, code }: { ip: string; token: string; code: string },
      refused: OnRefused,
    ): Promise<StoredAccount> {
      // A spent address is refused before its challenge is even looked up.
      const blockedMs = await budgets.addressWaitMs(ip, clock());
      if (blockedMs > 0) {
        await refused(undefined);
        throw tooManySignIns(blockedMs);
      }
      const challenge = await challenges.attempt(token);
      const account = challenge?.account_id == null ? undefined : await accounts.find(challenge.account_id);
      if (!challenge || !account || account.disabled_at !== null) throw signInEnded();

      // The account's wrong codes from every address together, and the address's budget, before comparing.
      const taken = await budgets.takeCodePlaces(ip, account.id, clock);
      if (!taken.granted) {
        await refused(account);
        throw budgetRefusal(taken, 'codes');
      }
      const right =
        challenge.purpose === 'authenticator-app'
          ? await appCodeIsRight(accounts, account, code, clock())
          : challenge.purpose === 'email-code' && emailedCodeIsRight(challenge.challenge, codeCheck(token, code));
      if (!right) {
        await refused(account);
        const limit = budgets.limits.codes.places;
        if (await budgets.tripOnce(codesBudgetKey(account.id), limit, clock())) await alerts.codesTripped(account);
        throw wrongCode();
      }
      await taken.giveBack();
      // Answered once: a second request with the same code finds it closed.
      if (!(await challenges.close(token))) throw signInEnded();
      return account;
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
