import { describe, expect, it } from 'vitest';
import { isIpAddressHost } from './passkey-host';

describe('isIpAddressHost', () => {
  it('knows an IPv4 or IPv6 address from a host name', () => {
    for (const host of ['192.0.2.10', '127.0.0.1', '[2001:db8::1]', '[::1]', '0.0.0.0']) {
      expect(isIpAddressHost(host), host).toBe(true);
    }
    for (const host of ['localhost', 'www.example.co.uk', '192.0.2.10.nip.io', '999.1.1.1', 'example']) {
      expect(isIpAddressHost(host), host).toBe(false);
    }
  });
});
