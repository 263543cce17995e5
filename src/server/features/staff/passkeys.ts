import crypto from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { StaffPasskey } from '../../../shared/staff/staff';
import type { Config } from '../../config';
import type { DatabaseSchema } from '../../db/schema';
import { AppError } from '../../errors';
import type { Challenges } from './challenges';
import type { ReadSiteFacts } from '../site-facts';

/**
 * Ed25519, ES256 and RS256: what every passkey provider offers. Named here because the library's
 * default follows the runtime, and on Node.js 24 it adds ML-DSA-44, an experimental Web Crypto
 * algorithm there (a warning in the service log, and a signature of 2,420 bytes).
 */
const supportedAlgorithmIDs = [-8, -7, -257];

/** A passkey ceremony waits this long for the person at the browser. */
const CEREMONY_TTL_MS = 5 * 60_000;

const notChecked = () =>
  new AppError(
    401,
    'UNAUTHORIZED',
    'This passkey could not be checked. Please try again, or use another way to sign in.',
  );

/** A new passkey, verified, not stored yet (the caller stores it with its account). */
export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * Passkeys (WebAuthn, decision 0058) through @simplewebauthn/server. The relying party is the
 * site's public address (PUBLIC_URL): a passkey made there works only there, so staff must use
 * the admin at that address. User verification is required (the device's PIN or fingerprint), so
 * a passkey is a whole sign-in on its own. Ceremonies wait in sign_in_challenges, so any process
 * may take the answer.
 */
export function createPasskeys(
  db: Kysely<DatabaseSchema>,
  config: Config,
  challenges: Challenges,
  now: () => Date,
  siteFacts: ReadSiteFacts,
) {
  const origin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;

  const storedFor = (accountId: number) =>
    db.selectFrom('staff_passkeys').selectAll().where('account_id', '=', accountId).orderBy('id').execute();

  /** Checks a signed answer for a ceremony of `purpose` (bound to `accountId` when given); the passkey's account. */
  async function verifyAssertion(
    token: string,
    answer: { id: string },
    purpose: 'passkey-sign-in' | 'passkey-step-up',
    accountId?: number,
  ): Promise<number> {
    const challenge = await challenges.attempt(token);
    if (!challenge || challenge.purpose !== purpose) throw notChecked();
    if (accountId !== undefined && challenge.account_id !== accountId) throw notChecked();

    const key = await db
      .selectFrom('staff_passkeys')
      .selectAll()
      .where('credential_id', '=', answer.id)
      .executeTakeFirst();
    if (!key) throw notChecked();
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: answer as AuthenticationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.credential_id,
          publicKey: new Uint8Array(key.public_key),
          counter: key.counter,
          transports: key.transports.split(','),
        },
        requireUserVerification: true,
      });
      if (!verified || !(await challenges.close(token))) throw notChecked();
      await db
        .updateTable('staff_passkeys')
        .set({ counter: authenticationInfo.newCounter, last_used_at: now().toISOString() })
        .where('id', '=', key.id)
        .execute();
      return key.account_id;
    } catch (error) {
      throw error instanceof AppError ? error : notChecked();
    }
  }

  return {
    /** Options to make a passkey, for an account (its existing ones excluded) or a new person. */
    async registrationOptions(person: { accountId: number | null; userName: string; displayName: string }) {
      const existing = person.accountId === null ? [] : await storedFor(person.accountId);
      const options = await generateRegistrationOptions({
        // The name the device shows beside the passkey: the business's name when it is made.
        rpName: (await siteFacts()).details.name,
        rpID,
        userName: person.userName,
        userDisplayName: person.displayName,
        // Random per ceremony: we find passkeys by their own id, never by the user handle.
        userID: crypto.randomBytes(16),
        attestationType: 'none',
        excludeCredentials: existing.map((key) => ({ id: key.credential_id, transports: key.transports.split(',') })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs,
      });
      const challenge = await challenges.open(
        'passkey-register',
        person.accountId,
        () => options.challenge,
        CEREMONY_TTL_MS,
      );
      return { challenge, options };
    },

    /** Checks the browser's answer to registrationOptions; throws 401 when it does not hold. */
    async verifyRegistration(token: string, answer: unknown, accountId: number | null): Promise<NewPasskey> {
      const challenge = await challenges.attempt(token);
      if (!challenge || challenge.purpose !== 'passkey-register' || challenge.account_id !== accountId)
        throw notChecked();
      try {
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response: answer as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs,
        });
        if (!verified) throw notChecked();
        await challenges.close(token);
        const { credential } = registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch (error) {
        throw error instanceof AppError ? error : notChecked();
      }
    },

    async store(accountId: number, key: NewPasskey, trx: Kysely<DatabaseSchema> = db): Promise<void> {
      await trx
        .insertInto('staff_passkeys')
        .values({
          account_id: accountId,
          credential_id: key.credentialId,
          public_key: key.publicKey,
          counter: key.counter,
          transports: key.transports.join(','),
          label: `Passkey added ${now().toISOString().slice(0, 10)}`,
          created_at: now().toISOString(),
          last_used_at: null,
        })
        .execute();
    },

    /** Options to sign in: any of this site's passkeys on the device (the person picks one). */
    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      const challenge = await challenges.open('passkey-sign-in', null, () => options.challenge, CEREMONY_TTL_MS);
      return { challenge, options };
    },

    /** Options for a signed-in person to prove themselves again with one of their own passkeys (step-up). */
    async stepUpOptions(accountId: number) {
      const existing = await storedFor(accountId);
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: existing.map((key) => ({ id: key.credential_id, transports: key.transports.split(',') })),
      });
      const challenge = await challenges.open('passkey-step-up', accountId, () => options.challenge, CEREMONY_TTL_MS);
      return { challenge, options };
    },

    /** Whether a passkey with this credential id is stored already (for any account). */
    async isRegistered(credentialId: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff_passkeys')
        .select('id')
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The account a signed answer proves, its passkey's counter moved on; throws 401 otherwise. */
    async verifySignIn(token: string, answer: { id: string }): Promise<number> {
      return verifyAssertion(token, answer, 'passkey-sign-in');
    },

    /** The same for a step-up: the passkey must be the account's own, for a ceremony opened for it. */
    async verifyStepUp(token: string, answer: { id: string }, accountId: number): Promise<boolean> {
      return (await verifyAssertion(token, answer, 'passkey-step-up', accountId)) === accountId;
    },

    async list(accountId: number): Promise<StaffPasskey[]> {
      return (await storedFor(accountId)).map((key) => ({
        id: key.id,
        label: key.label,
        createdAt: key.created_at,
        lastUsedAt: key.last_used_at,
      }));
    },

    /** Removes one of the account's own passkeys; false when it has none with that id. */
    async remove(accountId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('staff_passkeys')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
