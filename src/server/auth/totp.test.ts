import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingStep, newTotpSecret, otpauthUri, stepAt, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890".
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('makes the RFC test vectors (eight digits) and their last six', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      const step = stepAt(new Date(seconds * 1000));
      expect(totpCode(rfcSecret, step, 8)).toBe(code);
      expect(totpCode(rfcSecret, step)).toBe(code.slice(2));
    }
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('accepts a code for now or one step either side, each only once, and nothing else', () => {
    const at = new Date(1_800_000_000_000);
    const now = stepAt(at);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now), at, null)).toBe(now);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now - 1), at, null)).toBe(now - 1);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now + 1), at, null)).toBe(now + 1);
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now - 2), at, null)).toBeUndefined();
    // Used once: the same code, or an older one, is refused afterwards.
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now), at, now)).toBeUndefined();
    expect(matchingStep(rfcSecret, totpCode(rfcSecret, now - 1), at, now)).toBeUndefined();
    for (const junk of ['', '12345', '1234567', 'abcdef', ' 12345']) {
      expect(matchingStep(rfcSecret, junk, at, null)).toBeUndefined();
    }
  });

  it('names the issuer and the account in the address apps scan', () => {
    const uri = otpauthUri('MZXW6YTBOI', 'jane@northstar.test', 'Northstar Tutors');
    expect(uri).toBe(
      'otpauth://totp/Northstar%20Tutors%3Ajane%40northstar.test?secret=MZXW6YTBOI&issuer=Northstar+Tutors&algorithm=SHA1&digits=6&period=30',
    );
  });
});
