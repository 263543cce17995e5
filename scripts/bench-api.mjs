// `npm run bench:api`: requests per second of a few representative GET /api routes on the built
// server with SQLite, as a baseline for changes to how the API answers (issue 39: declaring each
// route's response schema lets Fastify serialise from it). One server process (WEB_CONCURRENCY=1,
// LOG_LEVEL=warn) on a fresh data folder, seeded through the API itself with 12 posts and 40
// enquiries; autocannon, in this process, holds BENCH_CONNECTIONS (default 20) connections on each
// route for BENCH_SECONDS (default 5) a run, BENCH_RUNS (default 3) runs each, the routes taking
// turns so a slow spell of the machine hits each. The table shows each route's median run and
// every run's requests per second. Figures are reported, never asserted: on a shared two-core
// machine compare figures taken in one sitting, before and after, not against an old note.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { startBuiltServer } from './lib/net.mjs';
import { wholeNumberSetting } from './lib/settings.mjs';

const seconds = wholeNumberSetting('BENCH_SECONDS', 5);
const runs = wholeNumberSetting('BENCH_RUNS', 3);
const connections = wholeNumberSetting('BENCH_CONNECTIONS', 20);

execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });

const { base, adminKey, ready, stop } = await startBuiltServer('bench-api', {
  // Every enquiry comes from 127.0.0.1 here; the per-address limit would refuse all but a few.
  ENQUIRY_RATE_LIMIT: '1000000',
});
const admin = { 'x-api-key': adminKey };

async function send(method, url, body) {
  const response = await fetch(base + url, {
    method,
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

try {
  await ready();

  const categories = ['Exam Prep', 'Study Tips', 'Maths'];
  let slug;
  for (let index = 0; index < 12; index++) {
    const post = await send('POST', '/api/admin/blog', {
      title: `How to revise for GCSE Maths, week ${index + 1}`,
      excerpt: 'A week-by-week plan that parents can follow with their child.',
      content: '<p>Short, regular revision sessions help pupils remember more. <strong>Plan ahead</strong>.</p>'.repeat(
        20,
      ),
      author: 'Northstar Tutors',
      category: categories[index % categories.length],
      tags: 'gcse, revision, maths',
    });
    slug = post.slug;
  }
  for (let index = 0; index < 40; index++) {
    await send('POST', '/api/contact-submissions', {
      firstName: 'Amelia',
      lastName: `Smith${index}`,
      email: `amelia.parent${index}@example.test`,
      mobile: '07700 900123',
      message: 'Could you tell me about small group maths classes on Saturdays?',
    });
  }

  const routes = [
    { label: 'health', path: '/api/health' },
    { label: 'blog list, first page', path: '/api/blog' },
    { label: 'one post', path: `/api/blog/${slug}` },
    { label: 'one setting', path: '/api/settings/brand_text' },
    { label: 'site facts (staff)', path: '/api/admin/site', headers: admin },
    { label: 'inbox, page of 20 (staff)', path: '/api/contact-submissions?page=1&pageSize=20', headers: admin },
  ];
  for (const route of routes) {
    const response = await fetch(base + route.path, { headers: route.headers });
    if (!response.ok) throw new Error(`${route.path} answered ${response.status}`);
    route.bytes = (await response.arrayBuffer()).byteLength;
    route.runs = [];
  }

  const measure = (route, duration) =>
    autocannon({ url: base + route.path, headers: route.headers ?? {}, connections, duration });
  // Warm up each route, so V8 has compiled its path before it is measured.
  for (const route of routes) await measure(route, 2);
  for (let round = 0; round < runs; round++) {
    const shifted = [...routes.slice(round % routes.length), ...routes.slice(0, round % routes.length)];
    for (const route of round % 2 === 0 ? shifted : shifted.reverse()) {
      const result = await measure(route, seconds);
      route.runs.push({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
      });
    }
  }

  console.log(
    `\n${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}; Node.js ${process.version}; one server process on SQLite, LOG_LEVEL=warn; ` +
      `autocannon, ${connections} connections, ${runs} run${runs === 1 ? '' : 's'} of ${seconds} s per route, median run shown.\n`,
  );
  console.log('| route | GET | body bytes | req/s | p50 ms | p99 ms | req/s each run |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const route of routes) {
    const sorted = [...route.runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    const median = sorted[Math.floor(sorted.length / 2)];
    const failed = route.runs.reduce((sum, run) => sum + run.failed, 0);
    console.log(
      `| ${route.label} | \`${route.path.replace(slug, ':slug')}\` | ${route.bytes} | ${Math.round(median.requestsPerSecond)}` +
        `${failed ? ` (${failed} failed)` : ''} | ${median.p50} | ${median.p99} | ` +
        `${route.runs.map((run) => Math.round(run.requestsPerSecond)).join(', ')} |`,
    );
  }
} finally {
  await stop();
}
