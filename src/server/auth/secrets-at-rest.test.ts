import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, openWith, sealWith } from './secrets-at-rest';
import { keyFingerprint, makeKeyFile, readSecretsKey, SecretsKeyError } from './secrets-key';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('secrets at rest: AES-256-GCM under a key kept in a file', () => {
  const key = crypto.randomBytes(32);

  it('seals a secret so that nothing of it shows, differently each time, and opens it again', () => {
    const one = sealWith(key, secret, 'staff_accounts.totp_secret|1');
    const two = sealWith(key, secret, 'staff_accounts.totp_secret|1');
    expect(isSealed(one)).toBe(true);
    expect(one).toMatch(/^v1:[\w-]+$/);
    expect(one).not.toContain(secret);
    expect(one).not.toBe(two);
    expect(openWith(key, one, 'staff_accounts.totp_secret|1')).toBe(secret);
  });

  it('does not open under another key, in another place, or once changed', () => {
    const sealed = sealWith(key, secret, 'staff_accounts.totp_secret|1');
    expect(() => openWith(crypto.randomBytes(32), sealed, 'staff_accounts.totp_secret|1')).toThrow();
    // A value copied onto another account's row does not open there.
    expect(() => openWith(key, sealed, 'staff_accounts.totp_secret|2')).toThrow();
    const packed = Buffer.from(sealed.slice(3), 'base64url');
    packed[14]! ^= 1;
    expect(() => openWith(key, `v1:${packed.toString('base64url')}`, 'staff_accounts.totp_secret|1')).toThrow();
    expect(() => openWith(key, 'v1:AAAA', 'staff_accounts.totp_secret|1')).toThrow();
  });

  it('reads a secret stored before encryption as it is (the next start encrypts it)', () => {
    expect(isSealed(secret)).toBe(false);
    expect(openWith(key, secret, 'anywhere')).toBe(secret);
  });

  it('makes a key file of 32 random bytes, mode 0600, and never replaces one', () => {
    const file = path.join(folder, 'made', 'secrets-key');
    const made = makeKeyFile(file);
    expect(made.made).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^[A-Z0-9+/]{43}=\n$/i);
    expect(readSecretsKey(file)).toEqual(made.key);
    const again = makeKeyFile(file);
    expect(again.made).toBe(false);
    expect(again.key).toEqual(made.key);
    expect(keyFingerprint(made.key)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFingerprint(made.key)).not.toBe(keyFingerprint(crypto.randomBytes(32)));
  });

  it('tells a missing key file (none yet) from one that holds no key', () => {
    expect(readSecretsKey(path.join(folder, 'none'))).toBeUndefined();
    const bad = path.join(folder, 'bad-key');
    fs.writeFileSync(bad, 'not a key\n');
    expect(() => readSecretsKey(bad)).toThrow(SecretsKeyError);
    expect(() => readSecretsKey(bad)).toThrow(/^Cannot start: SECRETS_KEY_FILE .*bad-key does not hold a key/);
    expect(() => readSecretsKey(folder)).toThrow(/^Cannot start: SECRETS_KEY_FILE .* cannot be read \(EISDIR\)/);
  });

  it('a box reads its key when first needed, and says what to do when it is gone', () => {
    const file = path.join(folder, 'box-key');
    const box = createSecretBox(file);
    expect(() => box.seal(secret, 'here')).toThrow(/SECRETS_KEY_FILE .*box-key is missing/);
    makeKeyFile(file);
    const sealed = box.seal(secret, 'here');
    expect(box.open(sealed, 'here')).toBe(secret);
    expect(box.open(secret, 'here')).toBe(secret);
  });
});
