// Helpers the benchmark scripts share for starting servers on this machine.
import http from 'node:http';

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Resolves once `url` answers 2xx; gives up after `attempts` tries 100 ms apart. */
export async function waitFor(url, attempts = 300) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}
