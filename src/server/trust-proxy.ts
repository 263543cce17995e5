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

/** True when `host` only listens on this machine (loopback), so only a proxy on it can reach the app. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1') return true;
  return net.isIPv4(bare) && bare.startsWith('127.');
}

/**
 * Start-up warnings about the proxy settings, or none:
 * - a site promised over HTTPS that believes no proxy. The app never speaks TLS itself, so
 *   something in front of it does; without TRUST_PROXY every visitor would share that proxy's
 *   address for the enquiry and sign-in limits, and no answer would carry HSTS;
 * - a hop count on an app that listens on a public address: anyone who reaches it directly writes
 *   their own X-Forwarded-For and so chooses the address the limits count (unlimited key guesses,
 *   or the office locked out). The address list is the safe form: only those proxies are believed.
 */
export function proxyWarnings({
  publicUrl,
  trustProxy,
  host,
}: {
  publicUrl: string;
  trustProxy: TrustProxy;
  host: string;
}): string[] {
  const warnings: string[] = [];
  if (trustProxy === false && publicUrl.startsWith('https://')) {
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY=false: behind a proxy every visitor counts as the proxy and HSTS is ' +
        'never sent. Set TRUST_PROXY to the proxy address (127.0.0.1,::1 for Caddy on this machine; deploy/northstar.env).',
    );
  }
  if (typeof trustProxy === 'number' && !isLoopbackHost(host)) {
    warnings.push(
      `WARNING: TRUST_PROXY=${trustProxy} trusts the nearest ${trustProxy === 1 ? 'hop' : `${trustProxy} hops`} ` +
        `whoever they are, and HOST=${host} lets anyone reach the app without the proxy: they can choose their own ` +
        'address and get round the sign-in and enquiry limits. Set TRUST_PROXY to the proxy addresses instead ' +
        '(TRUST_PROXY=127.0.0.1,::1 for a proxy on this machine, or its address or range, e.g. 10.0.0.5), ' +
        'or listen on HOST=127.0.0.1 behind it.',
    );
  }
  return warnings;
}
