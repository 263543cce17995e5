import { ownAccountId } from '../../auth/principal';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import { type SignInChange, signInChangedMail } from './mail-texts';

/*
 * How long a proof lasts (issue 36, decision 0058): a change to how an account signs in needs the
 * session to have proved who holds it (a passkey, or the password and a code) within the last
 * STEP_UP_MINUTES (10 unless set). Signing in counts as a proof at its time, so someone who has
 * just signed in goes straight on; an open session left on a desk does not.
 */

export const stepUpNeeded = () =>
  new AppError(
    403,
    'STEP_UP_REQUIRED',
    'Please confirm it is you first: use your passkey, or your password and a code.',
  );

/**
 * The account of a request that may change how it signs in: a session of that account that
 * proved itself within the configured minutes (config.adminSession.stepUpMs). Otherwise 403 STEP_UP_REQUIRED (the screen then asks
 * for the proof and tries again). The admin key and API tokens are nobody's account (400).
 */
export function freshlyProvedAccount(
  request: FastifyRequest,
  now: Date,
  windowMs: number,
): { accountId: number; session: string } {
  const accountId = ownAccountId(request.adminAuth!.principal);
  const auth = request.adminAuth!;
  if (auth.via !== 'session') throw stepUpNeeded();
  if (now.getTime() - Date.parse(auth.session.provedAt) > windowMs) throw stepUpNeeded();
  return { accountId, session: auth.session.token };
}

/** Tells the person by e-mail (when mail is on) that how they sign in changed. */
export async function mailSignInChange(
  {
    config,
    database,
    mailWorker,
    siteFacts,
  }: Pick<AppContext, 'config' | 'database' | 'mailWorker'> & { siteFacts: ReadSiteFacts },
  to: string,
  change: SignInChange,
  now: Date,
): Promise<void> {
  if (!config.mail) return;
  await enqueueEmail(database.db, signInChangedMail(to, change, (await siteFacts()).details.name), now);
  mailWorker?.wake();
}
