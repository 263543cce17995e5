import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';
import { defaultSiteFacts } from '../../shared/site-facts/defaults';
import { AppError } from '../errors';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt, memory-hard and built into Node.js (decision 0058): N=2^15, r=8, p=3 is 32 MiB per
 * hash, OWASP's equivalent of its argon2id minimum. The parameters are stored with each hash, so
 * raising them later leaves old hashes readable (and `needsRehash` says when to replace one).
 */
const current = { logN: 15, r: 8, p: 3 } as const;
const hashLength = 32;
const memoryFor = (logN: number, r: number, p: number) => 128 * 2 ** logN * r * p + 1024 * 1024;

/**
 * At most two hashes at once, and a short queue: each takes 32 MiB and a libuv thread, so a burst
 * of sign-ins (or a stranger's flood of them, which the sign-in budgets only slow) must not
 * exhaust memory or starve the threads file reads and DNS use. Beyond the queue: 503 BUSY.
 * An attempt from an address with a clean record (no failure in its budget) waits in a queue of
 * its own, served first: a flood from addresses that keep failing cannot make a real sign-in
 * wait behind it, or turn it away busy.
 */
const maxRunning = 2;
const maxWaiting = 32;
let running = 0;
const waiting: { clean: (() => void)[]; other: (() => void)[] } = { clean: [], other: [] };

async function gated<T>(work: () => Promise<T>, clean = false): Promise<T> {
  if (running >= maxRunning) {
    const queue = clean ? waiting.clean : waiting.other;
    if (queue.length >= maxWaiting) {
      throw new AppError(503, 'BUSY', 'Too many people are signing in at once. Please try again in a moment.');
    }
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, clean records first, or free it.
    const next = waiting.clean.shift() ?? waiting.other.shift();
    if (next) next();
    else running -= 1;
  }
}

export const PASSWORD_MIN_LENGTH = 12;
/** Hashing cost grows with length; a passphrase never needs more. */
export const PASSWORD_MAX_LENGTH = 200;

const common = new Set(dictionary['passwords-common']);
/**
 * Words a guesser tries first against this site. Built once at start, so the name is the
 * built-in one (a renamed centre's name would cost a database read per check, for little).
 */
const siteWords = [
  'northstar',
  'middlesbrough',
  'teesside',
  'tuition',
  'tutors',
  defaultSiteFacts.details.name.toLowerCase(),
];

/** Why a new password is refused, or undefined when it is fine (NIST 800-63B: length and a blocklist, no composition rules). */
export function passwordProblem(password: string, email: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  const folded = lower.replace(/[^a-z0-9]/g, '');
  const mailbox = email.toLowerCase().split('@')[0] ?? '';
  if (common.has(lower) || common.has(folded) || new Set(lower).size < 4) {
    return 'This password is too common. Please choose a longer phrase of your own.';
  }
  if (
    (mailbox.length >= 4 && lower.includes(mailbox)) ||
    siteWords.some((word) => folded === word.replace(/\s/g, ''))
  ) {
    return 'This password is too easy to guess. Please choose a longer phrase of your own.';
  }
  return undefined;
}

/** A new password's hash: only people already let in (an invitation, a session, a right password) make one, so it waits in the first queue. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { logN, r, p } = current;
  const hash = await gated(
    () =>
      scrypt(password.normalize('NFKC'), salt, hashLength, {
        N: 2 ** logN,
        r,
        p,
        maxmem: memoryFor(logN, r, p),
      }),
    true,
  );
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const storedPattern = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([\w-]{16,64})\$([\w-]{16,128})$/;

/**
 * Constant time in the hash; false for anything not made by hashPassword. `clean`: the attempt
 * comes from an address with a clean record (its hash waits in the first queue).
 */
export async function verifyPassword(password: string, stored: string, { clean = false } = {}): Promise<boolean> {
  const match = storedPattern.exec(stored);
  if (!match || password.length > PASSWORD_MAX_LENGTH) return false;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 8) return false;
  const expected = Buffer.from(match[5]!, 'base64url');
  const actual = await gated(
    () =>
      scrypt(password.normalize('NFKC'), Buffer.from(match[4]!, 'base64url'), expected.length, {
        N: 2 ** logN,
        r,
        p,
        maxmem: memoryFor(logN, r, p),
      }),
    clean,
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** Whether a hash was made with weaker parameters than today's (replace it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const match = storedPattern.exec(stored);
  return !match || Number(match[1]) < current.logN || Number(match[2]) < current.r || Number(match[3]) < current.p;
}

/**
 * A hash of nothing in particular, to verify against when no account has the e-mail address
 * given, so a wrong address takes as long as a wrong password and does not tell who has an account.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(crypto.randomBytes(16).toString('hex')));
