// `npm start`: builds when dist is missing or older than the sources, then runs the server in a
// process of its own and stops it with itself (README "Run it"). npm passes SIGINT and SIGTERM
// only to its own child, a shell between them may drop them, and a closed terminal sends SIGHUP,
// which the server's main process takes as a reload; so:
// - the server runs in a process group of its own, out of the terminal's reach, and this process
//   passes SIGTERM, SIGINT and SIGHUP on to the server's main process as a stop (SIGINT as
//   itself, the others as SIGTERM): the main process stops its workers after their requests;
// - when this process's parent (npm) is gone, however it went, the server stops the same way;
// - the server stops when this process is gone, even killed: it watches its channel to this one
//   (src/server/main.ts);
// - whatever of the server's group is still running 20 s after a stop (its own grace is 15 s) is
//   killed, and what is left when its main process ends is asked to stop.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './source-fingerprint.mjs';

const serverEntry = 'dist/server/main.js';
buildIfStale(serverEntry);
// `--build-only` lets other scripts (the benchmark) share this up-to-date check.
if (!process.argv.includes('--build-only')) runServer();

function runServer() {
  const server = spawn(process.execPath, [fileURLToPath(new URL(`../${serverEntry}`, import.meta.url))], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // the group is gone
    }
  };
  let killLater;
  const stop = (signal) => {
    try {
      server.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    } catch {
      // already ended
    }
    killLater ??= setTimeout(() => signalGroup('SIGKILL'), 20_000);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(signal));
  const parent = process.ppid;
  const watch = setInterval(() => process.ppid !== parent && stop('SIGTERM'), 250);
  server.once('exit', (code) => {
    clearInterval(watch);
    clearTimeout(killLater);
    signalGroup('SIGTERM');
    process.exit(code ?? 1);
  });
}
