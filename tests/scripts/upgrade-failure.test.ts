import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.mjs';

const tree = path.resolve(import.meta.dirname, '../..');
const running = { version: '9.9.9', commit: 'a'.repeat(40) };

/**
 * A deploy root as deploy/README.md's local trial lays it out (NORTHSTAR_ROOT, NORTHSTAR_PID): the
 * running release `a` behind `current`, a stand-in for its server answering /api/health as it, a
 * clone in repo/ whose one commit fails at `step` (its root package's postinstall, which `npm ci`
 * runs, or its build script, printing a stack trace as a crashing build does), and the half-built
 * folder an earlier upgrade left when it was killed.
 */
async function layOut(step: 'install' | 'build') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-upgrade-failure-'));
  const a = path.join(root, 'releases', 'a');
  fs.mkdirSync(path.join(a, 'dist', 'server'), { recursive: true });
  fs.writeFileSync(path.join(a, 'dist', 'server', 'main.js'), '');
  fs.writeFileSync(
    path.join(a, 'dist', 'build-info.json'),
    JSON.stringify({ ...running, migrations: [], unknownMigrations: 'tolerated' }),
  );
  fs.symlinkSync('releases/a', path.join(root, 'current'));
  fs.mkdirSync(path.join(root, 'releases', 'killed.building', 'node_modules'), { recursive: true });

  const repo = path.join(root, 'repo');
  fs.mkdirSync(repo);
  const crash = (what: string) => `node -e "console.log('${what}…'); throw new Error('the ${step} broke')"`;
  const scripts = step === 'install' ? { postinstall: crash('Preparing') } : { build: crash('Compiling the site') };
  fs.writeFileSync(
    path.join(repo, 'package.json'),
    JSON.stringify({ name: 'broken-site', version: '9.9.10', private: true, scripts }),
  );
  fs.writeFileSync(
    path.join(repo, 'package-lock.json'),
    JSON.stringify({
      name: 'broken-site',
      version: '9.9.10',
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: 'broken-site', version: '9.9.10' } },
    }),
  );
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', '-C', repo, ...args], {
      encoding: 'utf8',
    }).trim();
  git('init', '--quiet');
  git('add', '.');
  git('commit', '--quiet', '-m', `A release whose ${step} fails`);

  const port = await freePort();
  const health = JSON.stringify({ status: 'ok', ...running });
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end(${JSON.stringify(health)})).listen(${port}, '127.0.0.1')`,
    ],
    { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' },
  );
  for (let tries = 0; ; tries += 1) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (tries > 100) throw new Error('the stand-in server did not listen');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { root, server, commit: git('rev-parse', '--short', 'HEAD') };
}

/** `npm run upgrade -- HEAD` as the local trial runs it: its exit status and everything it printed. */
function upgrade(root: string, pid: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(tree, 'scripts/release.mjs'), 'upgrade', 'HEAD'], {
      env: { ...process.env, NORTHSTAR_ROOT: root, NORTHSTAR_PID: String(pid) },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('a failed upgrade', () => {
  let site: { root: string; server: ChildProcess } | undefined;
  afterEach(() => {
    site?.server.kill('SIGKILL');
    if (site) fs.rmSync(site.root, { recursive: true, force: true });
    site = undefined;
  });

  for (const [step, command] of [
    ['install', 'npm ci'],
    ['build', 'npm run build'],
  ] as const) {
    it(`says in one paragraph that the ${step} failed and the running release still serves, without a stack trace, and leaves no half-built folder`, async () => {
      const laidOut = await layOut(step);
      site = laidOut;
      const { root, commit } = laidOut;
      const { code, output } = await upgrade(root, laidOut.server.pid!);

      expect(code).not.toBe(0);
      expect(output).toContain(`Building ${commit} failed: \`${command}\` exited with code 1.`);
      expect(output).toContain(`Error: the ${step} broke`);
      expect(output).toContain('The running release 9.9.9 (aaaaaaa) is unchanged and still serving.');
      const log = path.join(root, 'releases', `${commit}.log`);
      expect(output).toContain(`The full log: ${log}`);
      expect(output.split('\n').filter((line) => /^\s+at /.test(line))).toEqual([]);
      // The log keeps everything, the stack trace too.
      expect(fs.readFileSync(log, 'utf8')).toMatch(/^ {4}at /m);

      expect(fs.existsSync(path.join(root, 'releases', `${commit}.building`))).toBe(false);
      expect(fs.existsSync(path.join(root, 'releases', commit))).toBe(false);
      // What an earlier, killed upgrade left is pruned by this run.
      expect(output).toContain('killed.building');
      expect(fs.existsSync(path.join(root, 'releases', 'killed.building'))).toBe(false);
      expect(fs.realpathSync(path.join(root, 'current'))).toBe(path.join(root, 'releases', 'a'));
    });
  }
});
