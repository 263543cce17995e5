import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { canonicalEmail } from '../../../shared/canonical-email';
import { passwordSignInSchema, signInCodeSchema, signInCodeAgainSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { AppError } from '../../errors';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { budgetRefusal, codesBudgetKey, passwordBudgetKey, tooManySignIns } from '../../auth/sign-in-budgets';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo } from './accounts-repo';
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
import { adminSessionInfoSchema, signInNextStepSchema } from '../../../shared/staff/responses';
import { answers } from '../../responses';

const wrongPassword = () => new AppError(401, 'UNAUTHORIZED', 'Wrong e-mail address or password.');
const signInEnded = () =>
  new AppError(401, 'UNAUTHORIZED', 'This sign-in has ended. Please enter your e-mail address and password again.');
const wrongCode = () =>
  new AppError(401, 'UNAUTHORIZED', 'That code is not right. Please check it and try again.', 'code');

/** An e-mailed code's check value: tied to its own sign-in, so a code is no use in another. */
const codeCheck = (token: string, code: string) => sha256Hex(`${token}:${code}`);

/**
 * Signing in with a password (decision 0058), always in two steps: the password, then a one-time
 * code from the person's authenticator app or, without one, by e-mail. Public routes (nobody is
 * signed in yet), listed as such in auth/admin-routes.ts. Every password and code first takes its
 * place in the sign-in budgets (auth/sign-in-budgets.ts): the address's and the account's, before
 * any hashing or comparison; a right one gives them back. Each refusal is recorded in the access
 * log as a refused sign-in of the account named (or of 'unknown', never the address typed); a
 * completed sign-in is recorded too.
 */
export const signInRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  alerts: SignInAlerts;
  challenges: Challenges;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, accounts, alerts, challenges, limitPerAddress, clock, record } = context;
  const asAccount = ({ id, name }: { id: number; name: string }) => ({ kind: 'account', id, name }) as const;
  const budgets = app.signInBudgets;
  /** A fresh e-mailed code for the account's second step: its challenge's token, the mail queued. */
  const mailNewCode = async (account: { id: number; email: string }) => {
    const code = newSixDigitCode();
    const challenge = await challenges.open('email-code', account.id, (token) => codeCheck(token, code), CODE_TTL_MS);
    await mailCode(context, account.email, code);
    return challenge;
  };
  const refused = (request: FastifyRequest, account: { id: number; name: string } | undefined) =>
    record(request, {
      action: 'sign-in.failed',
      outcome: 'refused',
      actor: account ? asAccount(account) : { kind: 'anonymous' },
    });

  app.post(
    '/api/staff/sign-in',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: signInNextStepSchema }), body: passwordSignInSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { email, password } = request.body;
      // Per address typed, whether or not it has an account (so the answer tells nobody who has
      // one), and per address the request came from, before the password is hashed.
      const emailKey = canonicalEmail(email);
      const taken = await budgets.takePasswordPlaces(request.ip, emailKey, clock);
      const account = await accounts.findByEmail(email);
      if (!taken.granted) {
        await refused(request, account);
        throw budgetRefusal(taken, 'passwords');
      }
      const usable = account && account.disabled_at === null && account.password_hash !== null;
      // An unknown address costs the same hashing as a wrong password, so timing tells nobody who has an account.
      const hash = usable ? account.password_hash! : await decoyHash();
      const matches = await verifyPassword(password, hash, { clean: taken.clean });
      if (!usable || !matches) {
        await refused(request, account);
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
        return { next: 'authenticator-app' as const, challenge };
      }
      if (!config.mail) {
        throw new AppError(
          503,
          'MAIL_OFF',
          'Sign-in codes are sent by e-mail, and e-mail is not set up on this site. Please sign in with your passkey, or ask an owner.',
        );
      }
      const waitMs = await codeMailWaitMs(context, account.id);
      if (waitMs !== undefined) throw tooManySignIns(waitMs);
      return { next: 'email-code' as const, challenge: await mailNewCode(account) };
    },
  );

  // "Send a new code" (issue 38): the e-mailed code's step starts again with a fresh code; the
  // earlier one stops working. Each takes a place in the account's e-mailed codes, so the button
  // cannot flood an inbox, and asking is no guess: no place in the sign-in budgets.
  app.post(
    '/api/staff/sign-in/code/again',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: signInNextStepSchema }), body: signInCodeAgainSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge: token } = request.body;
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
      return { next: 'email-code' as const, challenge: await mailNewCode(account) };
    },
  );

  app.post(
    '/api/staff/sign-in/code',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: signInCodeSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A spent address is refused before its challenge is even looked up.
      const blockedMs = await budgets.addressWaitMs(request.ip, clock());
      if (blockedMs > 0) {
        await refused(request, undefined);
        throw tooManySignIns(blockedMs);
      }
      const { challenge: token, code } = request.body;
      const challenge = await challenges.attempt(token);
      const account = challenge?.account_id == null ? undefined : await accounts.find(challenge.account_id);
      if (!challenge || !account || account.disabled_at !== null) throw signInEnded();

      // The account's wrong codes from every address together, and the address's budget, before comparing.
      const taken = await budgets.takeCodePlaces(request.ip, account.id, clock);
      if (!taken.granted) {
        await refused(request, account);
        throw budgetRefusal(taken, 'codes');
      }
      const right =
        challenge.purpose === 'authenticator-app'
          ? await appCodeIsRight(accounts, account, code, clock())
          : challenge.purpose === 'email-code' && emailedCodeIsRight(challenge.challenge, codeCheck(token, code));
      if (!right) {
        await refused(request, account);
        const limit = budgets.limits.codes.places;
        if (await budgets.tripOnce(codesBudgetKey(account.id), limit, clock())) await alerts.codesTripped(account);
        throw wrongCode();
      }
      await taken.giveBack();
      // Answered once: a second request with the same code finds it closed.
      if (!(await challenges.close(token))) throw signInEnded();

      const session = await app.adminSessions.open({ accountId: account.id });
      await record(request, { action: 'sign-in', actor: asAccount(account) });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
