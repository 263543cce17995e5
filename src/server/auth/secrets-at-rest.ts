import crypto from 'node:crypto';
import { readSecretsKey, secretsKeyMissing } from './secrets-key';

/**
 * Secrets the site must read back (an authenticator app's), encrypted at rest (issue 36, decision
 * 0058): AES-256-GCM under the secrets key, a file outside the database and its backups
 * (`SECRETS_KEY_FILE`). A stored value says how it is kept: `v1:` and base64url of a 12-byte IV,
 * the ciphertext and the 16-byte tag; anything else is a secret written before it was encrypted
 * (or, during an upgrade's switch, by the previous release), read as it is and encrypted at the
 * next start. Each value is bound to where it is kept (`context`, e.g. the account's id), so a
 * value copied to another row does not open there.
 */
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export function sealWith(key: Buffer, plain: string, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The secret a stored value holds; throws when the key, or the place, is not the one it was sealed with. */
export function openWith(key: Buffer, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const packed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  if (packed.length < IV_BYTES + TAG_BYTES) throw new Error('A stored secret is cut short.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** Where an account's authenticator secret is kept, as the value's bound context. */
export const authenticatorSecretContext = (accountId: number) => `staff_accounts.totp_secret|${accountId}`;

/** Seals and opens with the key in `keyFile`, read once when first needed (the start has checked it). */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}

export function createSecretBox(keyFile: string): SecretBox {
  let key: Buffer | undefined;
  const theKey = () => {
    key ??= readSecretsKey(keyFile);
    if (!key) throw secretsKeyMissing(keyFile);
    return key;
  };
  return {
    seal: (plain, context) => sealWith(theKey(), plain, context),
    open: (stored, context) => (isSealed(stored) ? openWith(theKey(), stored, context) : stored),
  };
}
