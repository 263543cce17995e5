import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/**
 * The key that encrypts secrets at rest (decision 0058, "Authenticator secrets at rest"): 32
 * random bytes, base64 on one line, in the file `SECRETS_KEY_FILE` names (`DATA_DIR/secrets-key`
 * unless set), never in the database or its restic snapshots. The first start makes it (mode
 * 0600, as the service's user: secrets-start.ts).
 */
export const SECRETS_KEY_SETTING = 'SECRETS_KEY_FILE';
const KEY_BYTES = 32;
const KEY_TEXT = /^[A-Z0-9+/]{43}=$/i;
const FIX_PUT_BACK =
  'put back the key file from the machine that made it (it is kept with the restic password: deploy/README.md, "Restore")';

/** A key that cannot be used: what is wrong and what to do, for the start-up's one line and the doctor. */
export class SecretsKeyError extends ConfigError {
  override name = 'SecretsKeyError';
  constructor(
    readonly what: string,
    readonly fix: string,
  ) {
    super(`Cannot start: ${what}; ${fix}.`);
  }
}

export const secretsKeyMissing = (file: string) =>
  new SecretsKeyError(
    `${SECRETS_KEY_SETTING} ${file} is missing, and the database holds authenticator-app secrets encrypted with it`,
    `${FIX_PUT_BACK}; a new key would not open them`,
  );

export const secretsKeyMismatch = (file: string) =>
  new SecretsKeyError(
    `${SECRETS_KEY_SETTING} ${file} is not the key this database's authenticator-app secrets are encrypted with`,
    FIX_PUT_BACK,
  );

/** The key in `file`; undefined when there is no such file. Throws SecretsKeyError when it cannot be read or holds no key. */
export function readSecretsKey(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new SecretsKeyError(
      `${SECRETS_KEY_SETTING} ${file} cannot be read (${code ?? 'error'})`,
      "it must belong to the site's user with mode 600 (sudo chown northstar: <file> && sudo chmod 600 <file>); run commands as the site: sudo northstar …",
    );
  }
  if (!KEY_TEXT.test(text)) {
    throw new SecretsKeyError(
      `${SECRETS_KEY_SETTING} ${file} does not hold a key (one line of 44 base64 characters, as the site writes it)`,
      FIX_PUT_BACK,
    );
  }
  return Buffer.from(text, 'base64');
}

/** What the database keeps of the key: an HMAC of a fixed text, which tells keys apart and reveals nothing. */
export const keyFingerprint = (key: Buffer) =>
  crypto.createHmac('sha256', key).update('northstar secrets key check').digest('hex').slice(0, 32);

/** Makes a new key file, never replacing one: answers the key in the file (another process's, if it was first). */
export function makeKeyFile(file: string): { key: Buffer; made: boolean } {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(KEY_BYTES);
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return { key, made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: readSecretsKey(file)!, made: false };
  }
}
