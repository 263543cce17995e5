// `npm run bench`: the production server against nginx serving the very same bytes, in one run on
// this machine. For /, /blog and one post page, wrk measures requests per second, p50 and p99,
// first without Accept-Encoding and then as a browser asks (`gzip, deflate, br`). nginx is
// Debian's nginx-light, which has no brotli module: its compressed leg serves the app's gzip bytes
// with gzip_static, while the app answers the browser leg with brotli. Each leg runs two pairs:
// logs on (the app with its default LOG_LEVEL=info, one line per request, against nginx with its
// access log on as Debian ships it; both write to a file) and logs off (LOG_LEVEL=warn against
// access_log off). Then the cost of counting visits (issue 40): / as a browser asks, on four more
// quiet apps, two counting and two with ANALYTICS=off, nginx beside them, taking turns; and one
// view's CPU time counted on its own (scripts/bench-counting.ts).
// Then enquiry POSTs per second at 32 connections, and the server's resident
// memory after all of it (both on the app with its default logging). Figures are reported, never
// asserted. BENCH_SECONDS (default 5) sets each run's length and BENCH_RUNS (default 3) how many
// runs each leg gets: the four servers take turns, and the table shows each one's median run with
// every run's p99 beside it. On a shared two-core machine one 5-second run's p99 moves by a factor
// of three between identical runs (decision 0042), so compare the ratios of one run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './lib/net.mjs';
import { wholeNumberSetting } from './lib/settings.mjs';
import { childrenOf, cpuSecondsOf } from './lib/processes.mjs';

const seconds = wholeNumberSetting('BENCH_SECONDS', 5);
const runs = wholeNumberSetting('BENCH_RUNS', 3);
const pageConnections = 50;
const enquiryConnections = 32;
const browserEncoding = 'gzip, deflate, br';
const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

const has = (command) => {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return error.code !== 'ENOENT';
  }
};
if (!has('wrk')) {
  console.error('wrk was not found: install it (Debian: apt-get install wrk) and run npm run bench again.');
  process.exit(1);
}

execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
const adminKey = 'bench-admin-key-0123456789abcdef';
const children = [];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('exit', stopAll);

/**
 * One server on the shared data folder (a second instance on one SQLite database, as decision 0014
 * allows), its stdout to a file as journald would take it.
 */
async function startApp(logLevel, { analytics = 'on', name = logLevel } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      ADMIN_API_KEY: adminKey,
      LOG_LEVEL: logLevel,
      ANALYTICS: analytics,
      // Every enquiry comes from 127.0.0.1 here; the per-address limit would refuse all but a few.
      ENQUIRY_RATE_LIMIT: '1000000',
      // Likewise every view: past 120 a minute they would be left out as a flood, and the cost
      // measured would be the flood's, not counting's (that is bench-counting.ts's third figure).
      ANALYTICS_ADDRESS_LIMIT: '1000000000',
    },
    stdio: ['ignore', fs.openSync(path.join(workDir, `app-${name}.log`), 'a'), 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { child, url };
}
// The default logging first: it migrates the database the quiet one then shares.
const { child: app, url: appUrl } = await startApp('info');
const { url: quietAppUrl } = await startApp('warn');
// For the cost of counting visits (issue 40), four more quiet ones: two counting, two with
// ANALYTICS=off, all fresh and given the same requests. Fresh, since a server that has answered
// other pages and codings runs its hot path measurably slower than one that has only ever answered
// /; two of each, since two identical servers started one after the other differ by up to 4 % in
// CPU time per request (memory layout), about as much as the cost measured.
const countingApps = [];
for (const [analytics, copy] of [
  ['on', 'a'],
  ['off', 'a'],
  ['on', 'b'],
  ['off', 'b'],
]) {
  const { child, url } = await startApp('warn', { analytics, name: `warn-counting-${analytics}-${copy}` });
  countingApps.push({
    analytics,
    label: `app ${copy}, counting ${analytics}`,
    url: `${url}/`,
    pid: child.pid,
    runs: [],
  });
}

const postResponse = await fetch(`${appUrl}/api/admin/blog`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
  body: JSON.stringify({
    title: 'How to revise for GCSE Maths in six weeks',
    excerpt: 'A week-by-week plan that parents can follow with their child.',
    content: '<p>Short, regular revision sessions help pupils remember more. <strong>Plan ahead</strong>.</p>'.repeat(
      20,
    ),
    author: 'Northstar Tutors',
    category: 'Exam Prep',
  }),
});
if (!postResponse.ok) throw new Error(`Could not create the bench's blog post: ${await postResponse.text()}`);
const { slug } = await postResponse.json();
const pages = [
  { label: '/', path: '/' },
  { label: '/blog', path: '/blog' },
  { label: 'post page', path: `/blog/${slug}` },
];

/** The raw bytes of a GET, not decompressed, so nginx can serve exactly what the app sent. */
const rawGet = (url, headers) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

// nginx's document root: each page as a file, and its gzip twin for gzip_static.
const root = path.join(workDir, 'www');
fs.mkdirSync(root);
fs.chmodSync(workDir, 0o755); // nginx's workers may run as another user (nobody, www-data)
for (const [index, page] of pages.entries()) {
  page.file = `/page${index}.html`;
  const plain = await rawGet(`${appUrl}${page.path}`, {});
  const gzipped = await rawGet(`${appUrl}${page.path}`, { 'accept-encoding': 'gzip' });
  const brotli = await rawGet(`${appUrl}${page.path}`, { 'accept-encoding': browserEncoding });
  if (gzipped.headers['content-encoding'] !== 'gzip') throw new Error(`${page.path} was not sent gzipped`);
  fs.writeFileSync(path.join(root, page.file), plain.body);
  fs.writeFileSync(path.join(root, `${page.file}.gz`), gzipped.body);
  page.sizes = {
    raw: plain.body.length,
    gzip: gzipped.body.length,
    [brotli.headers['content-encoding'] ?? 'identity']: brotli.body.length,
  };
}

/** nginx's two servers: with Debian's access log (the `combined` format, to a file) and without. */
let nginxUrls;
if (nginxBinary) {
  const [loggingPort, quietPort] = [await freePort(), await freePort()];
  const config = path.join(workDir, 'nginx.conf');
  const server = (port, accessLog) => `  server {
    listen 127.0.0.1:${port};
    access_log ${accessLog};
    root ${root};
    gzip_static on;
    gzip_vary on;
    add_header Cache-Control no-cache;
  }`;
  fs.writeFileSync(
    config,
    `worker_processes auto;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${workDir}/nginx-body;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { text/html html; }
${server(loggingPort, `${workDir}/nginx-access.log`)}
${server(quietPort, 'off')}
}
`,
  );
  const nginx = spawn(nginxBinary, ['-c', config, '-p', workDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(nginx);
  nginxUrls = { on: `http://127.0.0.1:${loggingPort}`, off: `http://127.0.0.1:${quietPort}` };
  await waitFor(`${nginxUrls.on}${pages[0].file}`);
  await waitFor(`${nginxUrls.off}${pages[0].file}`);
} else {
  console.log('nginx was not found (Debian: apt-get install nginx-light), so there is no nginx column.');
}

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];

/** Runs wrk and reads requests per second, p50, p99 and the failed answers from its report. */
function wrk(url, { connections, headers = {}, script } = {}) {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (script) args.push('-s', script);
  const output = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const latency = (percent) => {
    const match = output.match(new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return match ? toMs(match[1], match[2]) : NaN;
  };
  return {
    requestsPerSecond: Number(output.match(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: latency(50),
    p99: latency(99),
    failed: Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    requests: Number.parseInt(output.split('\n').find((line) => line.includes(' requests in ')) ?? '', 10),
  };
}

// Under the load that follows, so V8 has compiled the hot path and sized its heap for it.
const warmUp = (url, headers) => {
  execFileSync('wrk', [
    '-t2',
    `-c${pageConnections}`,
    '-d3s',
    ...Object.entries(headers).flatMap(([n, v]) => ['-H', `${n}: ${v}`]),
    url,
  ]);
};

// What a browser sends, a user agent and the reader's languages, so each page request is counted as
// a view (decision 0065) as a visitor's would be: without either it is left out as a bot.
const person = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'accept-language': 'en-GB,en;q=0.9',
};
const legs = [
  { label: 'no Accept-Encoding', headers: person },
  { label: browserEncoding, headers: { ...person, 'accept-encoding': browserEncoding } },
];
/** The run with the median throughput, every run's p99 (in the order run) and all runs' failed answers. */
function median(measured) {
  const sorted = [...measured].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    p99s: measured.map((run) => run.p99),
    failed: measured.reduce((sum, run) => sum + run.failed, 0),
  };
}

const rows = [];
const logModes = [
  { logs: 'on', app: appUrl, nginx: nginxUrls?.on },
  { logs: 'off', app: quietAppUrl, nginx: nginxUrls?.off },
];
for (const page of pages) {
  for (const leg of legs) {
    const targets = logModes.flatMap((mode) => [
      { mode, side: 'app', url: `${mode.app}${page.path}`, runs: [] },
      ...(mode.nginx ? [{ mode, side: 'nginx', url: `${mode.nginx}${page.file}`, runs: [] }] : []),
    ]);
    for (const target of targets) warmUp(target.url, leg.headers);
    // Turn about, each round starting one further on and in the other direction, so a slow spell
    // of the machine hits every server.
    for (let round = 0; round < runs; round++) {
      const shifted = [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)];
      for (const target of round % 2 === 0 ? shifted : shifted.reverse()) {
        target.runs.push(wrk(target.url, { connections: pageConnections, headers: leg.headers }));
      }
    }
    for (const mode of logModes) {
      const [ours, theirs] = ['app', 'nginx'].map((side) => {
        const target = targets.find((candidate) => candidate.mode === mode && candidate.side === side);
        return target && median(target.runs);
      });
      rows.push({ page: page.label, leg: leg.label, logs: mode.logs, ours, theirs });
    }
  }
}

// The cost of counting (issue 40: at most 5 % of / throughput): / as a browser asks, on the fresh
// apps counting and their twins not counting (ANALYTICS=off), nginx without its access log beside
// them, taking turns as above.
// Each app's CPU time per request is measured too (its processes' user and system time over the
// requests wrk counted): a busy machine slows the apps' throughput unevenly between turns, but
// barely changes the work each request costs.
const counting = [
  ...countingApps,
  ...(nginxUrls ? [{ label: 'nginx', url: `${nginxUrls.off}${pages[0].file}`, runs: [] }] : []),
];
const browserLeg = legs[1].headers;
for (const target of counting) warmUp(target.url, browserLeg);
for (let round = 0; round < runs; round++) {
  const shifted = [...counting.slice(round % counting.length), ...counting.slice(0, round % counting.length)];
  for (const target of round % 2 === 0 ? shifted : shifted.reverse()) {
    const before = target.pid ? cpuSecondsOf(target.pid) : NaN;
    const measured = wrk(target.url, { connections: pageConnections, headers: browserLeg });
    // The recorder writes each second: its write for these requests belongs to them.
    if (target.pid) await new Promise((resolve) => setTimeout(resolve, 1200));
    target.runs.push({ ...measured, cpuSeconds: target.pid ? cpuSecondsOf(target.pid) - before : NaN });
  }
}
/** The CPU microseconds per request over all of these targets' runs. */
const cpuPerRequest = (targets) => {
  const all = targets.flatMap((target) => target.runs);
  return (all.reduce((sum, run) => sum + run.cpuSeconds, 0) * 1e6) / all.reduce((sum, run) => sum + run.requests, 0);
};
const countingRows = counting.map((target) => ({
  ...target,
  measured: median(target.runs),
  cpuMicroseconds: cpuPerRequest([target]),
}));
/** Both apps of one side together: the median of all their runs and their CPU time per request. */
const side = (analytics) => {
  const apps = countingApps.filter((app) => app.analytics === analytics);
  return { measured: median(apps.flatMap((app) => app.runs)), cpuMicroseconds: cpuPerRequest(apps) };
};
const [countedSide, uncountedSide] = [side('on'), side('off')];

// The same cost without the machine's noise: the page route's hook counting views in one process
// (scripts/bench-counting.ts), as CPU time per view.
const countingAlone = JSON.parse(
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/bench-counting.ts'], { encoding: 'utf8' }),
);

// Enquiries: each POST is a full contact form, answered 201 only after its row is committed.
const enquiryScript = path.join(workDir, 'enquiry.lua');
fs.writeFileSync(
  enquiryScript,
  `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '${JSON.stringify({
    firstName: 'Amelia',
    lastName: 'Smith',
    email: 'amelia.parent@example.test',
    mobile: '07700 900123',
    message: 'Could you tell me about small group maths classes on Saturdays?',
  })}'
`,
);
const enquiries = wrk(`${appUrl}/api/contact-submissions`, { connections: enquiryConnections, script: enquiryScript });
// With WEB_CONCURRENCY the server is a primary and its workers: report each, since the limit is per process.
const residentKiB = (pid) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN);
const workerPids = childrenOf(app.pid);
const memory = { primary: residentKiB(app.pid), workers: workerPids.map(residentKiB) };

stopAll();
fs.rmSync(workDir, { recursive: true, force: true });

const number = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
console.log(
  `\n${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}; ` +
    `wrk, ${pageConnections} connections, ${runs} run${runs === 1 ? '' : 's'} of ${seconds} s per leg, median run shown.`,
);
console.log(
  `nginx: ${nginxBinary ?? 'not found'} (worker_processes auto; its compressed leg sends the gzip file via gzip_static, it has no brotli). ` +
    'Logs on: the app at LOG_LEVEL=info, nginx with its access log; off: LOG_LEVEL=warn, access_log off.',
);
for (const page of pages) {
  const sizes = Object.entries(page.sizes).map(([coding, bytes]) => `${coding} ${(bytes / 1024).toFixed(1)} KiB`);
  console.log(`${page.label.padEnd(10)} ${page.path}: ${sizes.join(', ')}`);
}
console.log(
  `\n| request | Accept-Encoding | logs | app req/s | app p50 ms | app p99 ms | app p99 each run | nginx req/s | nginx p50 ms | nginx p99 ms | nginx p99 each run | ratio |`,
);
console.log('|---|---|---|---:|---:|---:|---|---:|---:|---:|---|---:|');
const p99s = (measured) => measured?.p99s.map((p99) => number(p99, 1)).join(', ') ?? '–';
for (const { page, leg, logs, ours, theirs } of rows) {
  const failed = ours.failed ? ` (${ours.failed} failed)` : '';
  console.log(
    `| ${page} | ${leg || 'none'} | ${logs} | ${number(ours.requestsPerSecond)}${failed} | ${number(ours.p50, 2)} | ${number(ours.p99, 2)} | ${p99s(ours)} | ` +
      `${number(theirs?.requestsPerSecond)} | ${number(theirs?.p50, 2)} | ${number(theirs?.p99, 2)} | ${p99s(theirs)} | ` +
      `${theirs ? number(ours.requestsPerSecond / theirs.requestsPerSecond, 3) : '–'} |`,
  );
}
console.log(`\nThe cost of counting visits, / with ${browserEncoding}, logs off (median run of ${runs}):`);
console.log('| server | req/s | p50 ms | p99 ms | p99 each run | CPU µs per request |');
console.log('|---|---:|---:|---:|---|---:|');
for (const { label, measured, cpuMicroseconds } of countingRows) {
  console.log(
    `| ${label} | ${number(measured.requestsPerSecond)} | ${number(measured.p50, 2)} | ${number(measured.p99, 2)} | ${p99s(measured)} | ${number(cpuMicroseconds, 1)} |`,
  );
}
const cost = 1 - countedSide.measured.requestsPerSecond / uncountedSide.measured.requestsPerSecond;
const cpuCost = 1 - uncountedSide.cpuMicroseconds / countedSide.cpuMicroseconds;
/** How far two identical apps' CPU time per request lies apart: the measurement's own noise. */
const twinGap = (analytics) => {
  const [first, second] = countingRows.filter((row) => row.analytics === analytics).map((row) => row.cpuMicroseconds);
  return Math.abs(first - second) / Math.min(first, second);
};
console.log(
  `Counting costs ${(cost * 100).toFixed(1)} % of / throughput (the median of both counting apps' ${2 * runs} runs ` +
    `against both others'), and ${(cpuCost * 100).toFixed(1)} % of the CPU time each request takes ` +
    '(requirement: at most 5 % of throughput). Two identical apps lie ' +
    `${(twinGap('on') * 100).toFixed(1)} % (counting) and ${(twinGap('off') * 100).toFixed(1)} % (not) apart in CPU time per request.`,
);
const microseconds = (nanoseconds) => number(nanoseconds / 1000, 2);
console.log(
  `Counting one view on its own (scripts/bench-counting.ts, CPU time): ${microseconds(countingAlone.oneReader)} µs ` +
    `for one reader asking again and again, as wrk does (${number(countingAlone.oneReader / 10 / countedSide.cpuMicroseconds, 1)} % ` +
    `of a counted request's ${number(countedSide.cpuMicroseconds, 1)} µs); ${microseconds(countingAlone.crowd)} µs for ` +
    `2,000 readers in turn (each view hashed and written as a row of its own); ${microseconds(countingAlone.flood)} µs ` +
    'for one address past its 120 views a minute (left out).',
);
console.log(
  `\nenquiry POSTs at ${enquiryConnections} connections: ${number(enquiries.requestsPerSecond)}/s, ` +
    `p50 ${number(enquiries.p50, 2)} ms, p99 ${number(enquiries.p99, 2)} ms` +
    (enquiries.failed ? `, ${enquiries.failed} refused or failed` : ''),
);
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
console.log(
  `server resident memory after the run: primary ${mib(memory.primary)}` +
    (memory.workers.length ? `, workers ${memory.workers.map(mib).join(', ')}` : ''),
);
