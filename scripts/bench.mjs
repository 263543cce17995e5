// `npm run bench`: requests per second and latency of the server-rendered home page against the
// same bytes served as a plain static file, in the same run on the same machine, plus the
// JavaScript a first visit to / downloads. Figures are reported as ratios, never asserted.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, waitFor } from './lib/net.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });

function startProcess(args, env) {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));

/** The production server; PAGE_CACHE_MS=0 measures every request rendered from scratch. */
async function startApp(extraEnv) {
  const port = await freePort();
  const child = startProcess(['dist/server/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { child, url };
}
const cachedApp = await startApp({});
const uncachedApp = await startApp({ PAGE_CACHE_MS: '0' });
const appUrl = cachedApp.url;

// The baseline: the very bytes of / written to a file and streamed by a bare Node HTTP server.
const html = await (await fetch(`${appUrl}/`)).text();
const staticFile = path.join(dataDir, 'home.html');
fs.writeFileSync(staticFile, html);
const staticPort = await freePort();
const staticServer = startProcess(['scripts/static-file-server.mjs', staticFile], { PORT: String(staticPort) });
const staticUrl = `http://127.0.0.1:${staticPort}`;
await waitFor(staticUrl);

async function measure(url) {
  await autocannon({ url, connections, duration: 2 }); // warm-up: JIT, caches, keep-alive sockets
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const baseline = await measure(`${staticUrl}/`);
const cached = await measure(`${cachedApp.url}/`);
const uncached = await measure(`${uncachedApp.url}/`);
for (const child of [cachedApp.child, uncachedApp.child, staticServer]) child.kill('SIGTERM');

// What a first visit to / downloads: the entry script and every module it preloads, gzipped.
const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map(
  (match) => match[1],
);

const gzipped = scripts.reduce(
  (total, file) => total + zlib.gzipSync(fs.readFileSync(path.join('dist/client', file)), { level: 9 }).length,
  0,
);
fs.rmSync(dataDir, { recursive: true, force: true });

const row = (label, figures) =>
  `${label.padEnd(26)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${figures.p50} ms   p90 ${figures.p90} ms   p99 ${figures.p99} ms   errors ${figures.errors}`;
console.log(`\n${connections} connections, ${duration} s each, HTML ${(html.length / 1024).toFixed(1)} KiB`);
const ratio = (figures) => (figures.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
console.log(row('same bytes, static file', baseline));
console.log(row('/ (default, page cache)', cached));
console.log(row('/ (rendered every time)', uncached));
console.log(
  `throughput against the static file: ${ratio(cached)} with the page cache, ${ratio(uncached)} rendering every request`,
);
console.log(`JavaScript for a first visit to /: ${scripts.length} file(s), ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
