import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childrenOf } from '../../scripts/lib/processes.mjs';

const tree = path.resolve(import.meta.dirname, '../..');

/**
 * Stand-ins for a site, as small as the switch needs: releases a and b whose "server" only stays
 * alive, and a primary that forks two of them from `current` and treats SIGHUP as it is told: no
 * handler at all (releases before 0.2.0: the signal ends it) or a handler that exits.
 */
function layOut(sighup: 'none' | 'exits') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-switch-'));
  for (const name of ['a', 'b']) {
    const dist = path.join(root, 'releases', name, 'dist');
    fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'server', 'main.js'), 'setInterval(() => {}, 60_000);\n');
    fs.writeFileSync(
      path.join(dist, 'build-info.json'),
      JSON.stringify({ version: '9.9.9', commit: name.repeat(40), migrations: [], unknownMigrations: 'tolerated' }),
    );
  }
  fs.symlinkSync('releases/a', path.join(root, 'current'));
  const primary = path.join(root, 'primary.mjs');
  fs.writeFileSync(
    primary,
    [
      "import { fork } from 'node:child_process';",
      "import fs from 'node:fs';",
      `const entry = fs.realpathSync(${JSON.stringify(path.join(root, 'current/dist/server/main.js'))});`,
      'for (let i = 0; i < 2; i += 1) fork(entry);',
      sighup === 'exits' ? "process.on('SIGHUP', () => process.exit(0));" : '',
      'setInterval(() => {}, 60_000);',
    ].join('\n'),
  );
  const child = spawn(process.execPath, [primary], { stdio: 'ignore' });
  return { root, child };
}

const waitForWorkers = async (pid: number) => {
  for (let tries = 0; childrenOf(pid).length < 2; tries += 1) {
    if (tries > 100) throw new Error('the stand-in primary did not fork its two processes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const switchTo = (root: string, pid: number, release: string) =>
  spawnSync(
    process.execPath,
    [path.join(tree, 'scripts/release.mjs'), 'switch', path.join(root, 'releases', release)],
    {
      encoding: 'utf8',
      env: { ...process.env, NORTHSTAR_ROOT: root, NORTHSTAR_PID: String(pid) },
    },
  );

describe('the release switch never claims a success it did not have', () => {
  let site: { root: string; child: ChildProcess } | undefined;
  let workers: number[] = [];
  afterEach(() => {
    for (const pid of [site?.child.pid, ...workers]) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (site) fs.rmSync(site.root, { recursive: true, force: true });
  });

  it('leaves a primary without a SIGHUP handler alone, changes nothing and names the restart', async () => {
    site = layOut('none');
    const pid = site.child.pid!;
    await waitForWorkers(pid);
    workers = childrenOf(pid);

    const result = switchTo(site.root, pid, 'b');
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('serves');
    expect(result.stderr).toContain(`The running server (pid ${pid}, a) cannot reload: it has no SIGHUP handler`);
    expect(result.stderr).toContain('Nothing was changed');
    expect(result.stderr).toContain('sudo systemctl restart northstar');
    // Not signalled: it still runs, on the release it ran.
    expect(site.child.exitCode).toBeNull();
    expect(site.child.signalCode).toBeNull();
    expect(fs.realpathSync(path.join(site.root, 'current'))).toBe(path.join(site.root, 'releases', 'a'));
  });

  it('fails with the command to run when the primary dies on SIGHUP', async () => {
    site = layOut('exits');
    const pid = site.child.pid!;
    await waitForWorkers(pid);
    workers = childrenOf(pid);

    const result = switchTo(site.root, pid, 'b');
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('serves');
    expect(result.stderr).toContain(`The server's main process (pid ${pid}) ended after SIGHUP`);
    expect(result.stderr).toContain('restart the server to run it (sudo systemctl restart northstar');
    // `current` leads to b, so that the restart it asks for starts the release asked for.
    expect(fs.realpathSync(path.join(site.root, 'current'))).toBe(path.join(site.root, 'releases', 'b'));
  });
});
