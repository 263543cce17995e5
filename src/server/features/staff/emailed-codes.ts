import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { countHit, readCount } from '../../coordination/rate-limit-counters';
import { type AppError, tooManyAttempts } from '../../errors';
import { enqueueEmail } from '../../mail/outbox';
import type { ReadSiteFacts } from '../site-facts';
import { signInCodeMail } from './mail-texts';

/** E-mailed codes per account in a quarter of an hour, whatever asked (sign-in, step-up, a new code, recovery). */
export const MAX_CODES_MAILED = 5;
export const CODES_WINDOW_MS = 15 * 60_000;
/** An e-mailed code waits this long. */
export const CODE_TTL_MS = 10 * 60_000;

export const newSixDigitCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** The one answer when an account has had its codes for the quarter of an hour. */
export function tooManyCodesMailed(waitMs: number): AppError {
  return tooManyAttempts(
    'Too many codes were sent to you. Please wait a quarter of an hour, or use your passkey.',
    waitMs,
    'code',
  );
}

/**
 * Takes a place in the account's e-mailed codes (shared by every way of asking, so a button
 * pressed again and again cannot flood an inbox): undefined when granted, else how long to wait.
 */
export async function codeMailWaitMs(
  { database, clock }: Pick<AppContext, 'database' | 'clock'>,
  accountId: number,
): Promise<number | undefined> {
  const mailed = await countHit(database.db, codesMailedKey(accountId), CODES_WINDOW_MS, clock());
  return mailed.count > MAX_CODES_MAILED ? Math.max(mailed.ttlMs, 1) : undefined;
}

const codesMailedKey = (accountId: number) => `sign-in-code|${accountId}`;

/**
 * How long until the account may be mailed another code, without taking a place: "Send a new code"
 * looks first, ends the old step, and only then takes its place, so presses that arrive together
 * and find the step already ended take none of the person's codes.
 */
export async function codeMailPeekWaitMs(
  { database, clock }: Pick<AppContext, 'database' | 'clock'>,
  accountId: number,
): Promise<number | undefined> {
  const mailed = await readCount(database.db, codesMailedKey(accountId), clock());
  return mailed.count >= MAX_CODES_MAILED ? Math.max(mailed.ttlMs, 1) : undefined;
}

/** Queues the code's mail to the person and wakes the sender. */
export async function mailCode(
  {
    database,
    mailWorker,
    clock,
    siteFacts,
  }: Pick<AppContext, 'database' | 'mailWorker' | 'clock'> & { siteFacts: ReadSiteFacts },
  to: string,
  code: string,
): Promise<void> {
  await enqueueEmail(database.db, signInCodeMail(to, code, (await siteFacts()).details.name), clock());
  mailWorker?.wake();
}
