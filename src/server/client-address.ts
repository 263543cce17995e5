import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address a per-address limit counts (issue 36). An IPv6 client is counted by its /64: one
 * home or office is given a whole /64, so counting each address in it would hand a guesser an
 * endless supply. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  // A zone (`fe80::1%eth0`) names the interface, not the client.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/**
 * The wider network an IPv6 client's /64 belongs to, its /48 (issue 51): one customer or site is
 * often given a whole /48, so a client moving between its /64s is still counted as one. Undefined
 * for an IPv4 client (counted by its address alone) and for anything that is no address.
 */
export function networkKey(ip: string): string | undefined {
  const key = addressKey(ip);
  if (!key.endsWith('::/64')) return undefined;
  return `${key.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

/** The eight groups of an IPv6 address, each without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // An IPv4 tail (`::1.2.3.4`) is the last two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}

/** @fastify/rate-limit's key for every per-address limit: the client's address as addressKey counts it. */
export const perAddress = (request: FastifyRequest) => addressKey(request.ip);
