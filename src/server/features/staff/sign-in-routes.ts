import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { canonicalEmail } from '../../../shared/canonical-email';
import { passwordSignInSchema, signInCodeSchema } from '../../../shared/staff/schemas';
import { countHit, readCount } from '../../coordination/rate-limit-counters';
import type { FeaturePlugin } from '../../context';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { tooManySignIns } from '../../auth/failure-limiter';
import { infoOf } from '../../auth/session-routes';
import { setSessionCookie } from '../../auth/session-cookie';
import { matchingStep } from '../../auth/totp';
import type { RecordAccess } from '../access-log';
import type { ReadSiteFacts } from '../site-facts';
import type { AccountsRepo } from './accounts-repo';
import { type Challenges, sha256Hex } from './challenges';
import { signInCodeMail } from './mail-texts';

/** The second step waits this long for its code. */
const CODE_TTL_MS = 10 * 60_000;
/** E-mailed codes per account in a quarter of an hour: enough for typos, not for flooding an inbox. */
const MAX_CODES_MAILED = 5;
const CODES_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one address typed in that quarter hour, from anywhere, before its passwords wait. */
const MAX_PASSWORD_FAILURES_PER_ADDRESS_TYPED = 20;

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
 * signed in yet), listed as such in auth/admin-routes.ts. Every wrong password or code counts
 * towards the address's failure budget, the one wrong admin keys use, and is recorded in the
 * access log as a refused sign-in of the account named (or of 'unknown', never the address
 * typed); a completed sign-in is recorded too.
 */
export const signInRoutes: FeaturePlugin<{
  accounts: AccountsRepo;
  challenges: Challenges;
  limitPerAddress: onRequestHookHandler;
  record: RecordAccess;
  siteFacts: ReadSiteFacts;
}> = async (app, { config, database, mailWorker, accounts, challenges, limitPerAddress, clock, record, siteFacts }) => {
  const asAccount = ({ id, name }: { id: number; name: string }) => ({ kind: 'account', id, name }) as const;
  const failures = app.signInFailures;
  const failed = async (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    const waitMs = await failures.recordFailure(request.ip);
    return waitMs > 0 ? tooManySignIns(reply, waitMs) : error;
  };

  app.post(
    '/api/staff/sign-in',
    { onRequest: limitPerAddress, schema: { body: passwordSignInSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const blockedMs = await failures.blockedFor(request.ip);
      if (blockedMs > 0) throw tooManySignIns(reply, blockedMs);
      const { email, password } = request.body;
      // Per address typed too, whether or not it has an account (so the limit tells nobody who
      // has one): many addresses guessing one person's password meet it. Only passwords stop
      // there; that person's passkey still signs them in.
      const perAccount = `staff-sign-in|${canonicalEmail(email)}`;
      const guessed = await readCount(database.db, perAccount, clock());
      if (guessed.count >= MAX_PASSWORD_FAILURES_PER_ADDRESS_TYPED) {
        reply.header('retry-after', String(Math.ceil(guessed.ttlMs / 1000)));
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many wrong passwords for this account. Please wait and try again, or sign in with your passkey.',
        );
      }
      const account = await accounts.findByEmail(email);
      const usable = account && account.disabled_at === null && account.password_hash !== null;
      // An unknown address costs the same hashing as a wrong password, so timing tells nobody who has an account.
      const matches = await verifyPassword(password, usable ? account.password_hash! : await decoyHash());
      if (!usable || !matches) {
        const actor = account ? asAccount(account) : ({ kind: 'anonymous' } as const);
        await record(request, { action: 'sign-in.failed', outcome: 'refused', actor });
        await countHit(database.db, perAccount, CODES_WINDOW_MS, clock());
        throw await failed(request, reply, wrongPassword());
      }

      // A hash made with weaker parameters than today's is replaced while the password is at hand.
      if (needsRehash(account.password_hash!)) await accounts.setPassword(account.id, await hashPassword(password));

      if (account.totp_secret !== null) {
        const challenge = await challenges.open('authenticator-app', account.id, () => '', CODE_TTL_MS);
        return { next: 'authenticator-app', challenge };
      }
      if (!config.mail) {
        throw new AppError(
          503,
          'MAIL_OFF',
          'Sign-in codes are sent by e-mail, and e-mail is not set up on this site. Please sign in with your passkey, or ask an owner.',
        );
      }
      const mailed = await countHit(database.db, `sign-in-code|${account.id}`, CODES_WINDOW_MS, clock());
      if (mailed.count > MAX_CODES_MAILED) throw tooManySignIns(reply, mailed.ttlMs);
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const challenge = await challenges.open('email-code', account.id, (token) => codeCheck(token, code), CODE_TTL_MS);
      await enqueueEmail(database.db, signInCodeMail(account.email, code, (await siteFacts()).details.name), clock());
      mailWorker?.wake();
      return { next: 'email-code', challenge };
    },
  );

  app.post(
    '/api/staff/sign-in/code',
    { onRequest: limitPerAddress, schema: { body: signInCodeSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const blockedMs = await failures.blockedFor(request.ip);
      if (blockedMs > 0) throw tooManySignIns(reply, blockedMs);
      const { challenge: token, code } = request.body;
      const challenge = await challenges.attempt(token);
      const account = challenge?.account_id == null ? undefined : await accounts.find(challenge.account_id);
      if (!challenge || !account || account.disabled_at !== null) throw signInEnded();

      let right = false;
      if (challenge.purpose === 'authenticator-app' && account.totp_secret !== null) {
        const step = matchingStep(account.totp_secret, code, clock(), account.totp_last_step);
        right = step !== undefined && (await accounts.useAuthenticatorStep(account.id, step));
      } else if (challenge.purpose === 'email-code') {
        const expected = Buffer.from(challenge.challenge, 'hex');
        const given = Buffer.from(codeCheck(token, code), 'hex');
        right = expected.length === given.length && crypto.timingSafeEqual(expected, given);
      }
      if (!right) {
        await record(request, { action: 'sign-in.failed', outcome: 'refused', actor: asAccount(account) });
        throw await failed(request, reply, wrongCode());
      }
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
