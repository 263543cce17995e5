import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

export interface SupervisedService {
  /** What scripts/release.mjs needs to reach this supervisor instead of systemd. */
  env: Record<string, string>;
  mainPid: () => number;
  output: () => string;
  stop(): Promise<void>;
}

/** The settings of a unit file the supervisor uses, with the deploy root and node mapped to the test's. */
function readUnit(unitFile: string, root: string) {
  const lines = fs.readFileSync(unitFile, 'utf8').split('\n');
  const value = (key: string) =>
    lines
      .find((line) => line.startsWith(`${key}=`))
      ?.slice(key.length + 1)
      .trim();
  const mapped = (text: string | undefined) =>
    (text ?? '').replaceAll('/srv/northstar', root).replaceAll('/usr/bin/node', process.execPath);
  return {
    workingDirectory: mapped(value('WorkingDirectory')),
    execStart: mapped(value('ExecStart')).split(/\s+/),
    restartOnFailure: value('Restart') === 'on-failure',
    restartSeconds: Number(value('RestartSec') ?? 0),
  };
}

const readEnvironmentFile = (file: string) =>
  Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** systemd treats an end by these signals as clean: Restart=on-failure does not start the unit again. */
const cleanSignals = new Set(['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGPIPE']);

/**
 * Runs a unit file as systemd would for the upgrade test, where there is none: ExecStart in its
 * WorkingDirectory with the settings file's variables, started again after a failure
 * (Restart=on-failure, not after a clean signal such as SIGHUP), stopped with SIGTERM, restarted
 * and re-read on request through tests/support/systemctl-stand-in.mjs. The unit's paths under
 * /srv/northstar are mapped to `root`.
 */
export async function superviseService({
  unitFile,
  environmentFile,
  root,
}: {
  unitFile: string;
  environmentFile: string;
  root: string;
}): Promise<SupervisedService> {
  let unit = readUnit(unitFile, root);
  let child: ChildProcess | undefined;
  let stopping = false;
  let output = '';

  const start = () => {
    const [command, ...args] = unit.execStart;
    const started = spawn(command!, args, {
      cwd: unit.workingDirectory,
      env: { PATH: process.env.PATH ?? '', ...readEnvironmentFile(environmentFile) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk) => (output += chunk));
    started.stderr?.on('data', (chunk) => (output += chunk));
    output += `[supervisor ${new Date().toISOString()}] started ${unit.execStart.join(' ')} as ${started.pid}\n`;
    started.once('exit', (code, signal) => {
      output += `[supervisor ${new Date().toISOString()}] main process ${started.pid} ended: ${signal ?? `exit ${code}`}\n`;
      if (child !== started) return;
      child = undefined;
      const failed = signal ? !cleanSignals.has(signal) : code !== 0;
      if (failed && unit.restartOnFailure && !stopping) setTimeout(start, unit.restartSeconds * 1000);
    });
    child = started;
  };
  const stopMain = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const forced = setTimeout(() => running.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(forced);
  };

  const control = http.createServer((request, response) => {
    const answer = (text: string) => response.end(text);
    if (request.method === 'GET' && request.url === '/main-pid') return answer(String(child?.pid ?? 0));
    if (request.method === 'POST' && request.url === '/restart') {
      void stopMain().then(() => {
        start();
        answer('restarted');
      });
      return;
    }
    if (request.method === 'POST' && request.url === '/daemon-reload') {
      unit = readUnit(unitFile, root);
      return answer('reloaded');
    }
    response.statusCode = 404;
    answer('unknown call');
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as net.AddressInfo;
  start();

  return {
    env: {
      NORTHSTAR_ROOT: root,
      NORTHSTAR_SYSTEMCTL: path.resolve('tests/support/systemctl-stand-in.mjs'),
      NORTHSTAR_SUPERVISOR_URL: `http://127.0.0.1:${port}`,
      NORTHSTAR_UNIT_FILE: unitFile,
    },
    mainPid: () => child?.pid ?? 0,
    output: () => output,
    async stop() {
      stopping = true;
      await stopMain();
      await new Promise((resolve) => control.close(resolve));
    },
  };
}
