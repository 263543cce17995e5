// Measures the admin inbox with many submissions: `node scripts/enquiries-bench.mjs [count]`.
// Uses the same DATA_DIR / DATABASE_URL as the server; start the server (with ADMIN_API_KEY) first,
// and point BASE_URL at it. Inserts `count` synthetic submissions (default 10,000), then reports
// the median response time of the list, a paged list, a search and the tile counts.
import SQLite from '../src/server/db/sqlite-driver.mjs';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import path from 'node:path';
import pg from 'pg';

const count = Number(process.argv[2] ?? 10_000);
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const key = process.env.ADMIN_API_KEY;
if (!key) throw new Error('Set ADMIN_API_KEY to the key the server accepts.');

const db = new Kysely({
  dialect: process.env.DATABASE_URL
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) })
    : new SqliteDialect({ database: new SQLite(path.join(process.env.DATA_DIR ?? './data', 'site.db')) }),
});

const firstNames = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Leo', 'Priya', 'Mohammed'];
const lastNames = ['Smith', 'Jones', 'Taylor', 'Brown', 'Khan', 'Wilson', 'Evans', 'Patel', 'Walker', 'Wright'];
const start = Date.now() - 365 * 24 * 3600 * 1000;
const rows = Array.from({ length: count }, (_, i) => {
  const at = new Date(start + i * 60_000).toISOString();
  const assessment = i % 3 === 0;
  return {
    submission_type: assessment ? 'assessment' : 'contact',
    first_name: firstNames[i % 10],
    last_name: `${lastNames[(i * 7) % 10]}${i}`,
    email: `parent${i}@example.test`,
    telephone: assessment ? `01632 ${String(100000 + i).slice(-6)}` : null,
    mobile: assessment ? null : `07700 ${String(900000 + i).slice(-6)}`,
    year_group: assessment ? `Year ${(i % 11) + 1}` : null,
    email_title: assessment ? 'GCSE Maths' : null,
    notes: assessment ? 'Would like help with fractions and algebra before the mocks.' : null,
    message: assessment ? null : 'Hello, could you tell me about small group English classes on Saturdays?',
    reviewed: i % 4 === 0 ? 'true' : 'false',
    submitted_at: at,
    updated_at: at,
  };
});
for (let i = 0; i < rows.length; i += 500)
  await db
    .insertInto('contact_submissions')
    .values(rows.slice(i, i + 500))
    .execute();
await db.destroy();
console.log(`Inserted ${count} submissions.`);

async function median(label, url, runs = 25) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { 'x-api-key': key } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
    if (i === 0) console.log(`  ${label}: ${(body.byteLength / 1024).toFixed(0)} KB`);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label}: median ${times[Math.floor(runs / 2)].toFixed(1)} ms over ${runs} requests`);
}

await median('plain list (array of all)', '/api/contact-submissions');
await median('first page of 20', '/api/contact-submissions?page=1&pageSize=20');
await median('search "walker" page 1', '/api/contact-submissions?q=walker&page=1&pageSize=20');
await median('search "saturdays" unreviewed page 1', '/api/contact-submissions?q=saturdays&reviewed=false&page=1');
await median('tile counts', '/api/contact-submissions/counts');
await median('tile counts with search', '/api/contact-submissions/counts?q=walker');
