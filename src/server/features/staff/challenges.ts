import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, SignInChallengesTable } from '../../db/schema';
import type { Clock } from '../../../shared/clock';

/** What a sign-in in progress waits for. */
export type ChallengePurpose =
  | 'authenticator-app'
  | 'email-code'
  | 'passkey-register'
  | 'passkey-sign-in'
  // Step-up (issue 36): a signed-in person proving themselves again; never a sign-in.
  | 'step-up-app'
  | 'step-up-email'
  | 'passkey-step-up'
  // Recovery (issue 38): a "Forgot your password?" link's second step; never a sign-in on its own.
  | 'recovery-app'
  | 'recovery-email';

export type Challenge = Selectable<SignInChallengesTable>;

/** How many wrong answers one challenge takes before it is gone (a new sign-in starts over). */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export const sha256Hex = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');
const tokenPattern = /^[\w-]{43}$/;

/**
 * Sign-ins in progress (decision 0058), in the database so any process can take the next step.
 * The browser holds a random token; only its hash is stored. A challenge ends at its time, at
 * CHALLENGE_MAX_ATTEMPTS wrong answers, or when answered.
 */
export function createChallenges(db: Kysely<DatabaseSchema>, now: Clock) {
  return {
    /** `challengeFor` makes what the next step must match, given the token (so it can be tied to it). */
    async open(
      purpose: ChallengePurpose,
      accountId: number | null,
      challengeFor: (token: string) => string,
      ttlMs: number,
    ): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      const challenge = challengeFor(token);
      await db
        .insertInto('sign_in_challenges')
        .values({
          token_hash: sha256Hex(token),
          purpose,
          account_id: accountId,
          challenge,
          expires_at: new Date(now().getTime() + ttlMs).toISOString(),
        })
        .execute();
      return token;
    },

    /**
     * The live challenge the token names, with one more attempt counted (atomically, so parallel
     * guesses cannot share an attempt); undefined when there is none or it has no attempts left.
     */
    async attempt(token: string): Promise<Challenge | undefined> {
      if (!tokenPattern.test(token)) return undefined;
      const tokenHash = sha256Hex(token);
      const counted = await db
        .updateTable('sign_in_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('sign_in_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** The live challenge the token names, without counting an attempt (asking for a new code is no guess). */
    async find(token: string): Promise<Challenge | undefined> {
      if (!tokenPattern.test(token)) return undefined;
      return db
        .selectFrom('sign_in_challenges')
        .selectAll()
        .where('token_hash', '=', sha256Hex(token))
        .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
    },

    /** Answered: it cannot be used again. False when another request answered it first. */
    async close(token: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sign_in_challenges')
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The hourly tidy: challenges past their time would be refused anyway. */
    async deleteEnded(): Promise<number> {
      const result = await db
        .deleteFrom('sign_in_challenges')
        .where('expires_at', '<=', now().toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
