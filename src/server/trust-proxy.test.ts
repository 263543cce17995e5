import { describe, expect, it } from 'vitest';
import { untrustedProxyWarning } from './trust-proxy';

describe('the start-up warning about an HTTPS site that trusts no proxy', () => {
  it('warns when PUBLIC_URL is https and TRUST_PROXY is false, naming the fix', () => {
    expect(untrustedProxyWarning({ publicUrl: 'https://www.example.test', trustProxy: false })).toContain(
      'TRUST_PROXY',
    );
  });

  it('stays quiet with a trusted proxy, or on a plain-HTTP address', () => {
    expect(untrustedProxyWarning({ publicUrl: 'https://www.example.test', trustProxy: ['127.0.0.1', '::1'] })).toBe(
      undefined,
    );
    expect(untrustedProxyWarning({ publicUrl: 'https://www.example.test', trustProxy: 1 })).toBe(undefined);
    expect(untrustedProxyWarning({ publicUrl: 'http://localhost:3000', trustProxy: false })).toBe(undefined);
  });
});
