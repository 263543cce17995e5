import { describe, expect, it } from 'vitest';
import { addressKey, networkKey } from './client-address';

describe('the address a per-address limit counts', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps an IPv4 address whole, also when written as IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
  });
});

describe('the wider network a booking counts against (issue 51)', () => {
  it('counts an IPv6 client by its /48 too, from any of its /64s', () => {
    expect(networkKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(networkKey('[2001:DB8:1:2::9]')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8::5')).toBe('2001:db8:0::/48');
    expect(networkKey('2001:db8:2::1')).not.toBe(networkKey('2001:db8:1::1'));
  });

  it('has none for IPv4 (its address is counted already) or anything else', () => {
    expect(networkKey('203.0.113.9')).toBeUndefined();
    expect(networkKey('::ffff:203.0.113.9')).toBeUndefined();
    expect(networkKey('not an address')).toBeUndefined();
  });
});
