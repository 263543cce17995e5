import net from 'node:net';

/**
 * Which proxies may tell us the client's address (X-Forwarded-For), in a form Fastify takes.
 * `false`: none, the socket's peer is the client. A number: that many proxies in front of the app,
 * so the client is that many hops from the right. A list: the proxies' addresses or CIDR ranges.
 * Never "trust everything": the left-most X-Forwarded-For is whatever the client wrote, and it
 * would choose its own address for the enquiry and sign-in limits.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's) understands for the usual private ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

const refusedTrue =
  'true would let any client choose its own address. Write the number of proxies in front of the app ' +
  '(TRUST_PROXY=1 behind one nginx or Caddy), or their addresses, e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8';

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; a problem comes back as a message for the start-up error. */
export function parseTrustProxy(value: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = value.trim();
  if (text === 'false') return { ok: true, value: false };
  if (text === 'true') return { ok: false, message: refusedTrue };
  if (/^\d{1,2}$/.test(text)) {
    const hops = Number(text);
    return { ok: true, value: hops === 0 ? false : hops };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad === undefined) return { ok: true, value: entries };
  return {
    ok: false,
    message: `"${bad}" is not an address or CIDR range; write false, a number of proxies, or proxy addresses separated by commas`,
  };
}

/**
 * In the form Fastify takes. A number becomes "trust the nearest N hops" (Fastify itself treats a
 * bare number as trusting nothing), so it suits an app that only its proxies can reach.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * A start-up warning for a site promised over HTTPS that believes no proxy. The app never speaks
 * TLS itself, so something in front of it does; without TRUST_PROXY every visitor would share that
 * proxy's address for the enquiry and sign-in limits, and no answer would carry HSTS.
 */
export function untrustedProxyWarning({
  publicUrl,
  trustProxy,
}: {
  publicUrl: string;
  trustProxy: TrustProxy;
}): string | undefined {
  if (trustProxy !== false || !publicUrl.startsWith('https://')) return undefined;
  return (
    'PUBLIC_URL is https but TRUST_PROXY=false: behind a proxy every visitor counts as the proxy and HSTS is ' +
    'never sent. Set TRUST_PROXY to the proxy address (127.0.0.1,::1 for Caddy on this machine; deploy/northstar.env).'
  );
}
