import { ownAccountId } from '../../auth/principal';
import type { FastifyRequest } from 'fastify';
import { passkeyStepSchema, signInCodeSchema, stepUpPasswordSchema } from '../../../shared/staff/schemas';
import type { FeaturePlugin } from '../../context';
import { AppError, badRequest } from '../../errors';
import { budgetRefusal, codesBudgetKey, passwordBudgetKey, tooManySignIns } from '../../auth/sign-in-budgets';
import { verifyPassword } from '../../auth/passwords';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo } from './accounts-repo';
import { appCodeIsRight, emailedCodeIsRight } from './code-answers';
import { type Challenges, sha256Hex } from './challenges';
import { CODE_TTL_MS, codeMailWaitMs, mailCode, newSixDigitCode } from './emailed-codes';
import type { Passkeys } from './passkeys';
import type { SignInAlerts } from './sign-in-alerts';
import { passkeyCeremonySchema, signInNextStepSchema } from '../../../shared/staff/responses';
import { answers, noContent } from '../../responses';

const ownAccount = { role: 'staff', changesNoContent: true } as const;
const codeCheck = (token: string, code: string) => sha256Hex(`step-up:${token}:${code}`);
// 400, not 401: the person is signed in, and a 401 would sign the screen out.
const wrongPassword = () => badRequest('Your password is not right.', 'password');
const wrongCode = () => badRequest('That code is not right. Please check it and try again.', 'code');
const stepEnded = () => badRequest('This check has ended. Please enter your password again.', 'code');
const passkeyRefused = () =>
  badRequest('This passkey could not be checked. Please try again, or use your password and a code.', 'answer');

/**
 * Step-up (issue 36, decision 0058): a signed-in person proves again that it is them, with one of
 * their passkeys or with their password and a code (from their app, or e-mailed), before changing
 * how their account signs in (step-up.ts). A success marks the session proved now; each answer is
 * recorded (`account.step-up`, refused or ok). A password or code first takes its places in the
 * sign-in budgets (auth/sign-in-budgets.ts) exactly as a sign-in's does, so step-up is no way
 * around them; a wrong passkey takes a place in the address's. The challenges are the account's
 * own and never sign anyone in.
 */
export const stepUpRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  alerts: SignInAlerts;
  challenges: Challenges;
  passkeys: Passkeys;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, clock, accounts, alerts, challenges, passkeys, record } = context;
  const budgets = app.signInBudgets;
  const sessionToken = (request: FastifyRequest) => {
    const auth = request.adminAuth!;
    if (auth.via !== 'session')
      throw new AppError(400, 'VALIDATION_FAILED', 'Sign in as yourself to confirm it is you.');
    return auth.session.token;
  };
  const refused = (request: FastifyRequest) => record(request, { action: 'account.step-up', outcome: 'refused' });
  const proved = async (request: FastifyRequest) => {
    await app.adminSessions.prove(sessionToken(request));
    await record(request, { action: 'account.step-up' });
  };
  const notBlocked = async (request: FastifyRequest) => {
    const blockedMs = await budgets.addressWaitMs(request.ip, clock());
    if (blockedMs > 0) throw tooManySignIns(blockedMs);
  };

  app.post(
    '/api/admin/staff/me/step-up/password',
    { config: ownAccount, schema: { response: answers({ 200: signInNextStepSchema }), body: stepUpPasswordSchema } },
    async (request) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      sessionToken(request);
      const account = (await accounts.find(accountId))!;
      if (account.password_hash === null) {
        throw badRequest('You have no password: confirm with your passkey.', 'password');
      }
      const taken = await budgets.takePasswordPlaces(request.ip, account.email_key, clock);
      if (!taken.granted) {
        await refused(request);
        throw budgetRefusal(taken, 'passwords');
      }
      if (!(await verifyPassword(request.body.password, account.password_hash, { clean: taken.clean }))) {
        await refused(request);
        await budgets.passwordFailed(account.email_key, clock);
        const limit = budgets.limits.password.freePlaces;
        if (await budgets.tripOnce(passwordBudgetKey(account.email_key), limit, clock())) {
          await alerts.passwordsTripped(account);
        }
        throw wrongPassword();
      }
      await taken.giveBack();
      if (account.totp_secret !== null) {
        return {
          next: 'authenticator-app' as const,
          challenge: await challenges.open('step-up-app', accountId, () => '', CODE_TTL_MS),
        };
      }
      if (!config.mail) {
        throw new AppError(
          503,
          'MAIL_OFF',
          'Codes are sent by e-mail, and e-mail is not set up on this site. Please confirm with your passkey.',
        );
      }
      if ((await codeMailWaitMs(context, accountId)) !== undefined) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many codes were sent to you. Please wait a quarter of an hour, or use your passkey.',
        );
      }
      const code = newSixDigitCode();
      const challenge = await challenges.open(
        'step-up-email',
        accountId,
        (token) => codeCheck(token, code),
        CODE_TTL_MS,
      );
      await mailCode(context, account.email, code);
      return { next: 'email-code' as const, challenge };
    },
  );

  app.post(
    '/api/admin/staff/me/step-up/code',
    { config: ownAccount, schema: { response: answers({ 204: noContent }), body: signInCodeSchema } },
    async (request, reply) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      sessionToken(request);
      const { challenge: token, code } = request.body;
      const challenge = await challenges.attempt(token);
      const account = await accounts.find(accountId);
      if (!challenge || challenge.account_id !== accountId || !account) throw stepEnded();
      // The account's wrong codes, sign-ins' and step-ups' together, and the address's budget.
      const taken = await budgets.takeCodePlaces(request.ip, account.id, clock);
      if (!taken.granted) {
        await refused(request);
        throw budgetRefusal(taken, 'codes');
      }
      if (challenge.purpose !== 'step-up-app' && challenge.purpose !== 'step-up-email') throw stepEnded();
      const right =
        challenge.purpose === 'step-up-app'
          ? await appCodeIsRight(accounts, account, code, clock())
          : emailedCodeIsRight(challenge.challenge, codeCheck(token, code));
      if (!right) {
        await refused(request);
        if (await budgets.tripOnce(codesBudgetKey(account.id), budgets.limits.codes.places, clock())) {
          await alerts.codesTripped(account);
        }
        throw wrongCode();
      }
      await taken.giveBack();
      if (!(await challenges.close(token))) throw stepEnded();
      await proved(request);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/staff/me/step-up/passkey/options',
    { config: ownAccount, schema: { response: answers({ 200: passkeyCeremonySchema }) } },
    async (request) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      sessionToken(request);
      return passkeys.stepUpOptions(accountId);
    },
  );

  app.post(
    '/api/admin/staff/me/step-up/passkey',
    { config: ownAccount, schema: { response: answers({ 204: noContent }), body: passkeyStepSchema } },
    async (request, reply) => {
      const accountId = ownAccountId(request.adminAuth!.principal);
      sessionToken(request);
      await notBlocked(request);
      let mine = false;
      try {
        mine = await passkeys.verifyStepUp(request.body.challenge, request.body.answer, accountId);
      } catch {
        mine = false;
      }
      if (!mine) {
        await refused(request);
        const taken = await budgets.takeWrongKeyPlace(request.ip, clock);
        throw taken.granted ? passkeyRefused() : tooManySignIns(taken.waitMs);
      }
      await proved(request);
      return reply.code(204).send();
    },
  );
};
