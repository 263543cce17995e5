import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock';
import type { DatabaseSchema } from '../db/schema';
import { authenticatorSecretContext, isSealed, openWith, sealWith } from './secrets-at-rest';
import {
  keyFingerprint,
  makeKeyFile,
  readSecretsKey,
  SecretsKeyError,
  secretsKeyMismatch,
  secretsKeyMissing,
} from './secrets-key';

/**
 * The secrets key against the database (decision 0058, "Authenticator secrets at rest"): the
 * database keeps the key's fingerprint, so a start with another key, or with none while secrets
 * need one, refuses with one line instead of making a second key.
 */
type Db = Kysely<DatabaseSchema>;

async function recordedFingerprint(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('secrets_key_check').select('fingerprint').where('id', '=', 1).executeTakeFirst();
  return row?.fingerprint;
}

async function storedSecrets(db: Db) {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute() as Promise<{ id: number; totp_secret: string }[]>;
}

const opensAll = (key: Buffer, sealed: { id: number; totp_secret: string }[]) =>
  sealed.every((row) => {
    try {
      openWith(key, row.totp_secret, authenticatorSecretContext(row.id));
      return true;
    } catch {
      return false;
    }
  });

/**
 * What is wrong with the key for this database, read-only (the doctor asks): undefined when the
 * key opens its secrets, or when there is no key yet and nothing needs one (the next start makes it).
 */
export async function secretsKeyProblem(db: Db, file: string): Promise<SecretsKeyError | undefined> {
  let key: Buffer | undefined;
  try {
    key = readSecretsKey(file);
  } catch (error) {
    if (error instanceof SecretsKeyError) return error;
    throw error;
  }
  const recorded = await recordedFingerprint(db);
  const sealed = (await storedSecrets(db)).filter((row) => isSealed(row.totp_secret));
  if (!key) return recorded !== undefined || sealed.length > 0 ? secretsKeyMissing(file) : undefined;
  if (recorded !== undefined ? recorded !== keyFingerprint(key) : !opensAll(key, sealed))
    return secretsKeyMismatch(file);
  return undefined;
}

/**
 * At start, after migrating (a lone process, the cluster primary, a release's migrate-only step):
 * checks the key against the database, makes it on the first start, records its fingerprint, and
 * encrypts the secrets still stored readable (idempotent: each only while it is still the value
 * read). Throws SecretsKeyError, which stops the start with one line, rather than make a second
 * key. Answers what an administrator should hear (a key made), to print.
 */
export async function prepareSecretsAtRest(db: Db, file: string, clock: Clock): Promise<string[]> {
  const notes: string[] = [];
  const problem = await secretsKeyProblem(db, file);
  if (problem) throw problem;
  let key = readSecretsKey(file);
  if (!key) {
    const made = makeKeyFile(file);
    key = made.key;
    if (made.made) {
      notes.push(
        `Made the key that encrypts authenticator-app secrets: ${file}. Keep a copy with the restic password; a restore on another machine needs it (deploy/README.md, "Restore").`,
      );
    }
  }
  const fingerprint = keyFingerprint(key);
  await db
    .insertInto('secrets_key_check')
    .values({ id: 1, fingerprint, created_at: clock().toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Two instances making their first keys at once: the one recorded first is the database's key.
  if ((await recordedFingerprint(db)) !== fingerprint) throw secretsKeyMismatch(file);

  for (const row of await storedSecrets(db)) {
    if (isSealed(row.totp_secret)) continue;
    await db
      .updateTable('staff_accounts')
      .set({ totp_secret: sealWith(key, row.totp_secret, authenticatorSecretContext(row.id)) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .execute();
  }
  return notes;
}
