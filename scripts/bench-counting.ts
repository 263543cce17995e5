// What counting one page view costs on its own (issue 40), beside `npm run bench`'s throughput with
// counting on and off, whose turns a shared machine moves by ±10 %. The page route's own hook runs
// here as the server runs it: the real salts, recorder and SQLite database (a fresh one in a
// temporary folder, migrated), its batch written each second. Only the request is made up: what
// Fastify hands the hook (method, URL, headers, address). Two crowds: one reader asking again and
// again (as wrk does: its hash recalled), and 2,000 readers in turn (more than a process recalls,
// so every view hashes), both with no limit per address, as bench.mjs's apps run; and a third, one
// address past its 120 views a minute (a flood, left out). Prints one line of JSON for bench.mjs;
// figures are reported, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { systemClock } from '../src/shared/clock';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { createPageViews } from '../src/server/features/analytics/page-views';
import { createRecorder } from '../src/server/features/analytics/recorder';
import { createSalts } from '../src/server/features/analytics/visitors';

const SECONDS = 2;
const CHUNK = 10_000;
const FIREFOX = Buffer.from('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-counting-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db);
const salts = createSalts(database.db, systemClock);
await salts.today().salt;
const recorder = createRecorder(database, systemClock, { onError: (error) => console.error(error) });
const viewsCounting = (addressLimit: number) =>
  createPageViews({
    salts,
    recorder,
    site: 'localhost',
    isKnownPage: async () => true,
    addressLimit,
    clock: systemClock,
  });
const unlimited = viewsCounting(1_000_000_000);
const limited = viewsCounting(120);
const reply = { statusCode: 200 };
const done = () => {};

/** A request as the HTTP parser makes one: fresh header strings each time, as from the socket. */
const request = (address: string) =>
  ({
    method: 'GET',
    url: '/',
    ip: address,
    headers: {
      host: 'localhost',
      'user-agent': FIREFOX.toString('latin1'),
      'accept-language': 'en-GB,en;q=0.9',
      'accept-encoding': 'gzip, deflate, br',
    },
  }) as unknown as FastifyRequest;

/**
 * CPU nanoseconds per view (this process's user and system time, so its garbage collection too)
 * over SECONDS of views and the batches written meanwhile, less a twin loop that makes the same
 * requests and yields as often without counting them.
 */
async function nanosecondsPerView(addressOf: (index: number) => string, pageViews = unlimited): Promise<number> {
  const cpuOf = async (count: boolean) => {
    const before = process.cpuUsage();
    let views = 0;
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      for (let index = 0; index < CHUNK; index++) {
        const each = request(addressOf(views + index));
        if (count) pageViews.pageAnswered(each, reply, done);
      }
      views += CHUNK;
      await turn(); // lets the recorder's timer write its batch, as between requests
    }
    if (count) await recorder.flush();
    const { user, system } = process.cpuUsage(before);
    return ((user + system) * 1000) / views;
  };
  const counted = await cpuOf(true);
  return counted - (await cpuOf(false));
}

const addressOfReader = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
await nanosecondsPerView(() => '127.0.0.1'); // warm-up
const oneReader = await nanosecondsPerView(() => '127.0.0.1');
const crowd = await nanosecondsPerView((index) => addressOfReader(index % 2000));
const flood = await nanosecondsPerView(() => '127.0.0.1', limited);
await recorder.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ oneReader, crowd, flood }));
