import { z } from 'zod';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { canonicalEmail } from '../../../shared/canonical-email';
import {
  RECOVERY_LINK_ENDED,
  RECOVERY_REQUESTED,
  recoveryCompleteSchema,
  recoveryOpenSchema,
  recoveryRequestSchema,
  type RecoveryView,
} from '../../../shared/staff/recovery';
import { addressKey } from '../../client-address';
import { countHit } from '../../coordination/rate-limit-counters';
import type { FeaturePlugin } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { budgetRefusal, codesBudgetKey, tooManySignIns } from '../../auth/sign-in-budgets';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo, StoredAccount } from './accounts-repo';
import { appCodeIsRight, emailedCodeIsRight } from './code-answers';
import { type Challenges, sha256Hex } from './challenges';
import { CODE_TTL_MS, codeMailWaitMs, mailCode, newSixDigitCode, tooManyCodesMailed } from './emailed-codes';
import { forgotPasswordMail, recoveryLink } from './mail-texts';
import { endEverySignInOf, type RecoveryLinks } from './recovery-links';
import { resetLinkView } from './reset-routes';
import type { SignInAlerts } from './sign-in-alerts';
import { mailSignInChange } from './step-up';
import { adminSessionInfoSchema, recoveryViewSchema } from '../../../shared/staff/responses';
import { answers } from '../../responses';

/**
 * "Forgot your password?" requests: per address they come from (an IPv6 client by its /64) and
 * per address typed (whether or not it has an account, so the answer tells nobody who has one).
 */
export const RECOVERY_LIMITS = {
  perAddress: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 3, windowMs: 60 * 60_000 },
} as const;

const linkEnded = () => notFound(RECOVERY_LINK_ENDED);
const wrongCode = () => badRequest('That code is not right. Please check it and try again.', 'code');
const stepEnded = () =>
  badRequest('This check has ended. Please press “Send a new code”, or open the link again.', 'code');
/** An e-mailed recovery code's check value, tied to its own step (never a sign-in's or a step-up's). */
const codeCheck = (token: string, code: string) => sha256Hex(`recovery:${token}:${code}`);

/**
 * Getting back in after a forgotten password (issue 38, decision 0058 "Recovery"). Public routes.
 * - Asking for a link always answers the same words at once; whether an account has the address
 *   is only looked at afterwards, in work of its own, so neither the answer nor its time says.
 *   An existing, enabled account is mailed a link that works once within an hour; only its newest
 *   link works. Requests are limited per address and per address typed.
 * - The link's screen asks for a new password and the person's code: their authenticator app's,
 *   or one e-mailed now (with "Send a new code"). The code takes its places in the sign-in
 *   budgets exactly as a sign-in's does. Only a right code changes the password; then every
 *   session and step half-way of the account ends, the link is spent, the person is told by
 *   e-mail, signed in here, and it goes to the access log.
 */
export const recoveryRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  alerts: SignInAlerts;
  challenges: Challenges;
  recoveryLinks: RecoveryLinks;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, context) => {
  const { config, database, mailWorker, clock, accounts, alerts, challenges, recoveryLinks, record, siteFacts } =
    context;
  const { limitPerAddress } = context;
  const budgets = app.signInBudgets;
  const asAccount = ({ id, name }: StoredAccount) => ({ kind: 'account', id, name }) as const;
  /** The work after each answer, so closing the app waits for it (and tests can). */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled([...pending])));

  /** Sends a link when the address belongs to an enabled account; nothing otherwise. */
  const sendLinkIfAccount = async (request: FastifyRequest, email: string) => {
    const account = await accounts.findByEmail(email);
    if (!account || account.disabled_at !== null) return;
    const token = await recoveryLinks.create(account.id, 'forgot', null);
    const link = recoveryLink(config.publicUrl, token);
    await enqueueEmail(database.db, forgotPasswordMail(account.email, link, (await siteFacts()).details.name), clock());
    mailWorker?.wake();
    await record(request, {
      action: 'account.recovery-link',
      actor: { kind: 'anonymous' },
      target: { kind: 'account', id: account.id },
    });
  };

  const overLimit = async (key: string, rule: { max: number; windowMs: number }) => {
    const hit = await countHit(database.db, `recovery|${key}`, rule.windowMs, clock());
    return hit.count > rule.max ? Math.max(hit.ttlMs, 1) : 0;
  };

  app.post(
    '/api/staff/recovery',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 202: z.object({ message: z.string() }) }), body: recoveryRequestSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!config.mail) {
        throw new AppError(
          503,
          'MAIL_OFF',
          'E-mail is not set up on this site, so no link can be sent. Please ask an owner to reset your sign-in.',
        );
      }
      const fromWait = await overLimit(`address|${addressKey(request.ip)}`, RECOVERY_LIMITS.perAddress);
      if (fromWait > 0) throw tooManySignIns(fromWait);
      const typedWait = await overLimit(`email|${canonicalEmail(request.body.email)}`, RECOVERY_LIMITS.perAccount);
      if (typedWait > 0) throw tooManySignIns(typedWait);
      const work = sendLinkIfAccount(request, request.body.email)
        .catch((error: unknown) => {
          request.log.error(
            { error: error instanceof Error ? error.message : 'unknown error' },
            'recovery link not sent',
          );
        })
        .finally(() => pending.delete(work));
      pending.add(work);
      reply.code(202);
      return { message: RECOVERY_REQUESTED };
    },
  );

  /** The live `forgot` link and its enabled account, or the plain "no longer works". */
  const usable = async (token: string) => {
    const link = await recoveryLinks.findUsable(token);
    const account = link && (await accounts.find(link.account_id));
    if (!link || !account || account.disabled_at !== null) throw linkEnded();
    return { link, account };
  };

  /** The second step for a `forgot` link: the app's code, or a fresh e-mailed one. */
  const secondStep = async (account: StoredAccount) => {
    if (account.totp_secret !== null) {
      return {
        next: 'authenticator-app' as const,
        challenge: await challenges.open('recovery-app', account.id, () => '', CODE_TTL_MS),
      };
    }
    const waitMs = await codeMailWaitMs(context, account.id);
    if (waitMs !== undefined) throw tooManyCodesMailed(waitMs);
    const code = newSixDigitCode();
    const challenge = await challenges.open(
      'recovery-email',
      account.id,
      (token) => codeCheck(token, code),
      CODE_TTL_MS,
    );
    await mailCode(context, account.email, code);
    return { next: 'email-code' as const, challenge };
  };

  // Opening a link's screen (again, for "Send a new code", ending the step before it).
  app.post(
    '/api/staff/recovery/open',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 200: recoveryViewSchema }), body: recoveryOpenSchema },
    },
    async (request, reply): Promise<RecoveryView> => {
      reply.header('cache-control', 'no-store');
      const { link, account } = await usable(request.body.token);
      if (link.kind === 'reset') return resetLinkView(account, config.mail !== undefined, siteFacts);
      if (request.body.previous) {
        const previous = await challenges.find(request.body.previous);
        if (previous?.account_id === account.id) await challenges.close(request.body.previous);
      }
      return { kind: 'forgot', email: account.email, ...(await secondStep(account)) };
    },
  );

  app.post(
    '/api/staff/recovery/complete',
    {
      onRequest: limitPerAddress,
      schema: { response: answers({ 201: adminSessionInfoSchema }), body: recoveryCompleteSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const blockedMs = await budgets.addressWaitMs(request.ip, clock());
      if (blockedMs > 0) throw tooManySignIns(blockedMs);
      const { token, password, challenge: step, code } = request.body;
      const { link, account } = await usable(token);
      if (link.kind !== 'forgot') throw linkEnded();
      // Said before the code is spent on a password that would be refused anyway.
      const problem = passwordProblem(password, account.email);
      if (problem) throw badRequest(problem, 'password');
      const challenge = await challenges.attempt(step);
      if (!challenge || challenge.account_id !== account.id) throw stepEnded();
      if (challenge.purpose !== 'recovery-app' && challenge.purpose !== 'recovery-email') throw stepEnded();

      const refused = () =>
        record(request, { action: 'account.recover', outcome: 'refused', actor: asAccount(account) });
      const taken = await budgets.takeCodePlaces(request.ip, account.id, clock);
      if (!taken.granted) {
        await refused();
        throw budgetRefusal(taken, 'codes');
      }
      const right =
        challenge.purpose === 'recovery-app'
          ? await appCodeIsRight(accounts, account, code, clock())
          : emailedCodeIsRight(challenge.challenge, codeCheck(step, code));
      if (!right) {
        await refused();
        if (await budgets.tripOnce(codesBudgetKey(account.id), budgets.limits.codes.places, clock())) {
          await alerts.codesTripped(account);
        }
        throw wrongCode();
      }
      await taken.giveBack();
      const passwordHash = await hashPassword(password);
      await database.db.transaction().execute(async (trx) => {
        if (!(await recoveryLinks.use(token, trx))) throw linkEnded();
        await accounts.setPassword(account.id, passwordHash, trx);
        await endEverySignInOf(trx, account.id, clock().toISOString());
      });
      await record(request, {
        action: 'account.recover',
        actor: asAccount(account),
        target: { kind: 'account', id: account.id },
      });
      await mailSignInChange({ ...context, siteFacts }, account.email, 'password', clock());
      const session = await app.adminSessions.open({ accountId: account.id });
      setSessionCookie(reply, config, request, session.token);
      reply.code(201);
      return infoOf(session);
    },
  );
};
