import net from 'node:net';
import type { Config } from '../config';

/**
 * True when something accepts connections where the site listens (PORT on HOST, or on this
 * machine when it listens on every address). Chosen over a pid file: a crash cannot leave it
 * stale, and it also sees a server started by hand (decision 0025).
 */
export function siteAnswers(config: Pick<Config, 'port' | 'host'>): Promise<boolean> {
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  return new Promise((resolve) => {
    const socket = net.connect({ port: config.port, host });
    socket.setTimeout(2000);
    const settle = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}
