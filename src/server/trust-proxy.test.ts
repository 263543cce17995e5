import { describe, expect, it } from 'vitest';
import { proxyWarnings } from './trust-proxy';

const https = 'https://www.example.test';

describe('the start-up warning about an HTTPS site that trusts no proxy', () => {
  it('warns when PUBLIC_URL is https and TRUST_PROXY is false, naming the fix', () => {
    const [warning] = proxyWarnings({ publicUrl: https, trustProxy: false, host: '127.0.0.1' });
    expect(warning).toContain('TRUST_PROXY');
  });

  it('stays quiet with a trusted proxy, or on a plain-HTTP address', () => {
    expect(proxyWarnings({ publicUrl: https, trustProxy: ['127.0.0.1', '::1'], host: '0.0.0.0' })).toEqual([]);
    expect(proxyWarnings({ publicUrl: https, trustProxy: 1, host: '127.0.0.1' })).toEqual([]);
    expect(proxyWarnings({ publicUrl: 'http://localhost:3000', trustProxy: false, host: '0.0.0.0' })).toEqual([]);
  });
});

describe('the start-up warning about a hop count on a public address', () => {
  it.each(['0.0.0.0', '::', '203.0.113.5'])(
    'warns loudly with TRUST_PROXY=1 on HOST=%s, naming the address-list form',
    (host) => {
      const [warning] = proxyWarnings({ publicUrl: https, trustProxy: 1, host });
      expect(warning).toMatch(/^WARNING: TRUST_PROXY=1/);
      expect(warning).toContain(`HOST=${host}`);
      expect(warning).toContain('TRUST_PROXY=127.0.0.1,::1');
    },
  );

  it.each(['127.0.0.1', '::1', 'localhost', '[::1]'])('stays quiet when the app listens on %s only', (host) => {
    expect(proxyWarnings({ publicUrl: https, trustProxy: 2, host })).toEqual([]);
  });
});
