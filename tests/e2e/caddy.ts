import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';

export interface RunningCaddy {
  httpPort: number;
  httpsPort: number;
  /** Caddy's own certificate authority: clients trust it to check the site's certificate. */
  rootCertificate: string;
  output: () => string;
  stop(): Promise<void>;
}

const caddyCandidates = ['/usr/bin/caddy', '/usr/local/bin/caddy'];

/** Debian's caddy package; the proxy test must fail, never skip, when it is missing. */
export function findCaddy(): string {
  const found = [process.env.CADDY_PATH, ...caddyCandidates].find((file) => file && fs.existsSync(file));
  if (found) return found;
  throw new Error(
    'No caddy binary was found, and the HTTPS proxy test needs the real one. Install the Debian package ' +
      '(`sudo apt-get install caddy`; .ci/run does this) or set CADDY_PATH.',
  );
}

/**
 * Runs Caddy with the deployed Caddyfile (deploy/Caddyfile, imported as is) for SITE_ADDRESS
 * localhost in front of `upstream`. Around it only what a test needs: free high ports instead of
 * 80/443, `local_certs` (the global form of `tls internal`: Caddy's own CA instead of Let's
 * Encrypt), no admin endpoint, no attempt to install the CA in the system trust store, and all
 * state in a temporary folder.
 */
export async function startCaddy(
  upstream: string,
  { httpPort, httpsPort }: { httpPort: number; httpsPort: number },
): Promise<RunningCaddy> {
  const binary = findCaddy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-caddy-'));
  const storage = path.join(dir, 'storage');
  const caddyfile = path.join(dir, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    [
      '{',
      '\tadmin off',
      `\thttp_port ${httpPort}`,
      // Caddy 2.6 leaves the port out of its HTTP->HTTPS redirect when the site's port equals
      // https_port (right for 443 only), so the site names its port and https_port is one never used.
      `\thttps_port ${await freePort()}`,
      '\tlocal_certs',
      '\tskip_install_trust',
      `\tstorage file_system ${storage}`,
      '}',
      `import ${path.resolve('deploy/Caddyfile')}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      SITE_ADDRESS: `localhost:${httpsPort}`,
      NORTHSTAR_UPSTREAM: upstream,
      // The maintenance page from this tree, where a server has it in its current release.
      NORTHSTAR_DEPLOY_DIR: path.resolve('deploy'),
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      XDG_DATA_HOME: path.join(dir, 'data'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const rootFile = path.join(storage, 'pki/authorities/local/root.crt');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited during start:\n${output}`);
    if (fs.existsSync(rootFile)) {
      const rootCertificate = fs.readFileSync(rootFile, 'utf8');
      try {
        await httpsRequest({ host: '127.0.0.1', port: httpsPort, path: '/api/health', ca: rootCertificate });
        return { httpPort, httpsPort, rootCertificate, output: () => output, stop };
      } catch {
        // certificate not issued yet, or not listening yet
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not answer over HTTPS in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request to the site named "localhost" at `host` (127.0.0.1 or ::1: which address the
 * client comes from), checking Caddy's certificate against `ca`. A connection of its own each time.
 */
export function httpsRequest({
  host,
  port,
  path: pathname,
  ca,
  method = 'GET',
  headers = {},
  body,
}: {
  host: string;
  port: number;
  path: string;
  ca: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = https.request(
      {
        host,
        port,
        path: pathname,
        method,
        ca,
        servername: 'localhost',
        agent: false,
        headers: {
          host: `localhost:${port}`,
          ...headers,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
