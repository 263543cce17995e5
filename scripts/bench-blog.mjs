// `node scripts/bench-blog.mjs`: seeds 10,000 posts straight into a fresh SQLite database and
// reports the server's time to render /blog, a search, a category page and a post page (median
// and 95th percentile over BENCH_REQUESTS sequential requests each), with PAGE_CACHE_MS=0 so
// every request renders. Figures are reported, never asserted.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../src/server/db/sqlite-driver.mjs';
import { freePort, waitFor } from './lib/net.mjs';

const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const categories = ['Study Tips', 'Exam Prep', 'Maths', 'English', 'Science', 'GCSE', 'SATs', '11+', 'Parents', 'News'];

execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-blog-'));
const port = await freePort();
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PAGE_CACHE_MS: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/api/health`); // the server has migrated the database

  const db = new SQLite(path.join(dataDir, 'site.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into blog_posts (slug, title, excerpt, content, author, category, tags, featured_image, meta_title,
       meta_description, published, created_at, published_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, null, null, null, ?, ?, ?, ?)`,
  );
  const paragraph =
    '<p>Short, regular revision sessions help pupils remember more. <strong>Plan ahead</strong> and use past papers.</p>';
  const seedStart = performance.now();
  db.transaction(() => {
    for (let index = 0; index < postCount; index++) {
      const date = new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString();
      const published = index % 10 === 0 ? 'false' : 'true';
      insert.run(
        `post-${index}`,
        `Revision guide ${index}: ${categories[index % categories.length]} in focus`,
        `Advice for parents and students, number ${index}.`,
        paragraph.repeat(12),
        'Jane Smith',
        categories[index % categories.length],
        `gcse, revision, topic${index % 50}`,
        published,
        date,
        published === 'true' ? date : null,
        date,
      );
    }
  })();
  db.close();
  console.log(`Seeded ${postCount} posts (10% drafts) in ${Math.round(performance.now() - seedStart)} ms`);

  const targets = [
    ['/blog', '/blog'],
    ['/blog?page=500 (deep page)', '/blog?page=500'],
    ['/blog?q=topic7 (search)', '/blog?q=topic7'],
    ['/blog?category=Maths', '/blog?category=Maths'],
    ['/blog/post-9999 (post page)', '/blog/post-9999'],
  ];
  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  console.log(`\n${requests} sequential requests each, PAGE_CACHE_MS=0 (every request renders):`);
  for (const [label, url] of targets) {
    for (let warm = 0; warm < 10; warm++) await (await fetch(base + url)).text();
    const times = [];
    for (let index = 0; index < requests; index++) {
      const start = performance.now();
      const response = await fetch(base + url);
      await response.text();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(32)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
