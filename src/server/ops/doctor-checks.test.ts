import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { siteVersion } from '../version';
import {
  checkAddress,
  checkDisk,
  checkNode,
  checkPasskeyHost,
  checkRelease,
  minimumFreeBytes,
  satisfiesEngines,
} from './doctor-checks';

describe('the doctor', () => {
  it('reads an engines range of ^ and >= parts joined by ||', () => {
    const range = '^20.19.0 || >=22.12.0';
    expect(satisfiesEngines('20.19.0', range)).toBe(true);
    expect(satisfiesEngines('20.20.2', range)).toBe(true);
    expect(satisfiesEngines('20.18.3', range)).toBe(false);
    expect(satisfiesEngines('21.7.0', range)).toBe(false);
    expect(satisfiesEngines('22.11.9', range)).toBe(false);
    expect(satisfiesEngines('22.12.0', range)).toBe(true);
    expect(satisfiesEngines('24.11.1', range)).toBe(true);
    // A part without its minor and patch numbers, as package.json states Node 24.
    const withMajorOnly = '^20.19.0 || ^22.13.0 || >=24';
    expect(satisfiesEngines('24.0.0', withMajorOnly)).toBe(true);
    expect(satisfiesEngines('24.21.0', withMajorOnly)).toBe(true);
    expect(satisfiesEngines('23.11.0', withMajorOnly)).toBe(false);
    expect(satisfiesEngines('22.12.0', withMajorOnly)).toBe(false);
  });

  it('complains about an unsupported Node.js with the fix', () => {
    expect(checkNode('18.20.0')).toMatchObject({
      ok: false,
      fix: expect.stringContaining('install a supported Node.js'),
    });
    expect(checkNode(process.versions.node).ok).toBe(true);
  });

  it('complains below 1 GB of free disk', () => {
    expect(checkDisk(os.tmpdir(), minimumFreeBytes - 1)).toMatchObject({
      ok: false,
      what: expect.stringContaining('only 1.0 GB free'),
    });
    expect(checkDisk(os.tmpdir(), minimumFreeBytes).ok).toBe(true);
  });

  it('reports a certificate it cannot check as a TLS problem, with the NODE_EXTRA_CA_CERTS fix', async () => {
    // A self-signed certificate, as Caddy's local authority signs https://localhost (deploy/README.md).
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(folder, 'key.pem'),
        '-out',
        path.join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = https
      .createServer(
        { key: fs.readFileSync(path.join(folder, 'key.pem')), cert: fs.readFileSync(path.join(folder, 'cert.pem')) },
        (_request, response) => response.end('{}'),
      )
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const config = loadConfig({
        PUBLIC_URL: `https://localhost:${port}`,
        TRUST_PROXY: '127.0.0.1,::1',
        HOST: '127.0.0.1',
      });
      const findings = await checkAddress(config, true);
      expect(findings).toEqual([
        {
          ok: false,
          what: expect.stringMatching(
            new RegExp(
              `^https://localhost:${port} answers with a certificate this machine does not trust \\(TLS: DEPTH_ZERO_SELF_SIGNED_CERT`,
            ),
          ),
          fix: expect.stringContaining('NODE_EXTRA_CA_CERTS=/etc/northstar/caddy-local-root.crt'),
        },
      ]);
      expect(findings[0]!.what).not.toContain('does not answer');
    } finally {
      server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says when the local repository holds a newer release tag', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-tags-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', folder, '-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
        stdio: 'ignore',
      });
    try {
      git('init', '--quiet');
      git('commit', '--quiet', '--allow-empty', '-m', 'one');
      const [major] = siteVersion.split('.').map(Number);
      git('tag', '-a', `v${siteVersion}`, '-m', 'this one');
      const config = loadConfig({});
      expect(await checkRelease(config, false, folder)).toEqual([
        { ok: true, what: expect.stringContaining(`no release newer than ${siteVersion} in ${folder}`) },
      ]);
      git('tag', '-a', `v${major! + 1}.0.0`, '-m', 'a newer one');
      expect(await checkRelease(config, false, folder)).toEqual([
        {
          ok: false,
          what: `a newer release, v${major! + 1}.0.0, is in ${folder}`,
          fix: expect.stringContaining(`sudo npm run upgrade -- v${major! + 1}.0.0`),
        },
      ]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('warns, without calling it a problem, when PUBLIC_URL is an IP address, where passkeys cannot work', () => {
    for (const url of ['https://192.0.2.10', 'http://127.0.0.1:3000', 'https://[2001:db8::1]']) {
      expect(checkPasskeyHost(loadConfig({ PUBLIC_URL: url })), url).toEqual([
        {
          ok: true,
          warning: true,
          what: expect.stringMatching(/^PUBLIC_URL's host .+ is an IP address: passkeys cannot work there/),
          fix: expect.stringContaining('domain name'),
        },
      ]);
    }
    expect(checkPasskeyHost(loadConfig({ PUBLIC_URL: 'https://www.northstar.example' }))).toEqual([]);
    expect(checkPasskeyHost(loadConfig({ PUBLIC_URL: 'https://localhost' }))).toEqual([]);
  });
});
