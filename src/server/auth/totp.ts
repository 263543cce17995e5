import crypto from 'node:crypto';

/**
 * Time-based one-time codes (RFC 6238) as authenticator apps make them: HMAC-SHA1, 30-second
 * steps, six digits. Small enough to own, and checked against the RFC's own test vectors.
 */
const stepSeconds = 30;
const digits = 6;
const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 160 bits, as RFC 4226 recommends, in the base32 apps accept. */
export const newTotpSecret = () => base32Encode(crypto.randomBytes(20));

export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / stepSeconds);

export function totpCode(secret: string, step: number, length = digits): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** length).padStart(length, '0');
}

/**
 * The step a code was made for, if it is right for now or one step either side (a phone's clock
 * drifts) and later than `lastUsedStep`, so each code works once. Undefined when it is wrong.
 */
export function matchingStep(secret: string, code: string, at: Date, lastUsedStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = stepAt(at);
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = totpCode(secret, step);
    if (crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return step;
  }
  return undefined;
}

/** What an authenticator app scans (as a QR code) or has typed in. */
export function otpauthUri(secret: string, accountEmail: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${accountEmail}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(digits),
    period: String(stepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
