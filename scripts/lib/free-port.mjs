// One way to find a port for a test's or a bench's server, shared by the scripts and the tests.
import crypto from 'node:crypto';
import net from 'node:net';

/** Below Linux's ephemeral range (32768 to 60999 by default), and clear of the usual services' ports. */
const LOWEST = 20_000;
const HIGHEST = 32_767;

/** Whether a server can listen on `port` on every address now, as Caddy and our servers ask. */
const canListen = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

/**
 * A port nothing listens on right now, chosen below the ephemeral range. A port from `listen(0)`
 * is in that range, so between the probe and the real listen the kernel could hand it to any
 * outgoing connection as its local port; under the upgrade test's load one did, and Caddy's bind
 * failed with "address already in use". A port below the range is only ever taken by a listener.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + crypto.randomInt(HIGHEST - LOWEST + 1);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${LOWEST} and ${HIGHEST} after 200 tries`);
}
