import fs from 'node:fs';
import path from 'node:path';
import { startTestSmtpServer, waitFor } from '../support/smtp';
import { expect, test } from './fixtures';
import { requestOnNewConnection as request } from './new-connection';
import { packageVersion, startServer } from './server';
import { withDatabase } from './enquiries-db';

const adminKey = 'e2e-several-processes-key-0123456789';

const enquiry = (email: string) => ({
  firstName: 'Cluster',
  lastName: 'Parent',
  email,
  mobile: '07700 900123',
  message: 'Is there space in the Saturday group?',
});

const brandIn = (html: string) => /<span class="text-blue-700">([^<]*)<\/span>/.exec(html)?.[1];

test.describe('several server processes', () => {
  test('with two workers each enquiry is e-mailed once, a staff write in one clears both page caches, and SIGTERM stops all cleanly', async () => {
    const smtp = await startTestSmtpServer();
    const server = await startServer({
      WEB_CONCURRENCY: '2',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@northstar.test',
      ADMIN_API_KEY: adminKey,
      PAGE_CACHE_MS: '60000',
      ENQUIRY_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
    });
    try {
      const emails = Array.from({ length: 12 }, (_, index) => `cluster-${index}@example.test`);
      const answers = await Promise.all(
        emails.map((email) =>
          request(server.baseUrl, '/api/contact-submissions', { method: 'POST', body: enquiry(email) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 201));
      const sentCount = () =>
        withDatabase(
          server.dataDir,
          (db) =>
            (db.prepare("select count(*) as sent from email_outbox where status = 'sent'").get() as { sent: number })
              .sent,
        );
      // Two mails per enquiry: the staff notification and the parent's confirmation (decision 0032).
      await waitFor(() => sentCount() === emails.length * 2, 30_000);
      for (const email of emails) {
        expect(
          smtp.received.filter((mail) => mail.text.includes(email)),
          email,
        ).toHaveLength(2);
      }
      expect(smtp.received).toHaveLength(emails.length * 2);

      // Both workers cache the home page: a change behind the API's back shows on neither.
      const brands = async () =>
        Promise.all(Array.from({ length: 4 }, async () => brandIn((await request(server.baseUrl, '/')).body)));
      expect(await brands()).toEqual(['Northstar', 'Northstar', 'Northstar', 'Northstar']);
      withDatabase(server.dataDir, (db) =>
        db
          .prepare("insert into settings (key, value, updated_at) values ('brand_text', 'Quiet Change', ?)")
          .run(new Date().toISOString()),
      );
      expect(await brands()).toEqual(['Northstar', 'Northstar', 'Northstar', 'Northstar']);

      // A staff write reaches one worker; the next page from either shows it.
      const write = await request(server.baseUrl, '/api/settings', {
        method: 'POST',
        headers: { 'x-api-key': adminKey },
        body: { key: 'brand_text', value: 'Teesside Learners' },
      });
      expect(write.status).toBe(200);
      expect(await brands()).toEqual(['Teesside', 'Teesside', 'Teesside', 'Teesside']);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
      await smtp.close();
    }
    expect(server.output()).toContain('2 server processes');
    expect(server.output()).toContain(`"version":"${packageVersion}"`); // the primary's start-up line
    expect(server.output()).toContain('shutting down');
    // Every process closed its connection: the last one to close removes the write-ahead log.
    expect(fs.existsSync(path.join(server.dataDir, 'site.db-wal'))).toBe(false);
    server.remove();
  });

  test('SIGKILL during a burst of enquiries loses none that was acknowledged', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2', ENQUIRY_RATE_LIMIT: '10000' });
    const acknowledged: number[] = [];
    let killed = false;
    const sender = async (senderIndex: number) => {
      for (let index = 0; !killed; index += 1) {
        try {
          const answer = await request(server.baseUrl, '/api/contact-submissions', {
            method: 'POST',
            body: enquiry(`burst-${senderIndex}-${index}@example.test`),
          });
          if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: number }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const senders = Array.from({ length: 16 }, (_, index) => sender(index));
    await waitFor(() => acknowledged.length >= 300, 60_000);
    killed = true;
    await server.stop('SIGKILL');
    await Promise.all(senders);
    // The workers leave when their primary is gone; wait for them, then start again on the same data.
    await waitFor(() => !isServing(server.dataDir), 10_000);

    const restarted = await startServer({ WEB_CONCURRENCY: '1', ADMIN_API_KEY: adminKey }, { dataDir: server.dataDir });
    try {
      const list = await request(restarted.baseUrl, '/api/contact-submissions', { headers: { 'x-api-key': adminKey } });
      expect(list.status).toBe(200);
      const stored = new Set((JSON.parse(list.body) as { id: number }[]).map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await restarted.stop();
      restarted.remove();
    }
  });

  test('a worker that dies is replaced, and the site keeps answering', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
    try {
      // Both listening: one that dies before it ever listened stops the server instead (decision 0015).
      await waitFor(() => server.output().includes('2 server processes'), 30_000);
      const before = workerPids(server.process.pid!);
      expect(before).toHaveLength(2);
      process.kill(before[0]!, 'SIGKILL');
      await waitFor(() => server.output().includes('starting another'), 30_000);
      await waitFor(() => workerPids(server.process.pid!).filter((pid) => !before.includes(pid)).length === 1, 30_000);
      for (let index = 0; index < 4; index += 1) {
        expect((await request(server.baseUrl, '/api/health')).status).toBe(200);
      }
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
      server.remove();
    }
  });

  test('two app instances on one database: a staff write through one shows on the next page of the other', async () => {
    const env = { WEB_CONCURRENCY: '1', ADMIN_API_KEY: adminKey, PAGE_CACHE_MS: '60000' };
    const first = await startServer(env);
    const second = await startServer(env, { dataDir: first.dataDir });
    try {
      expect(brandIn((await request(second.baseUrl, '/')).body)).toBe('Northstar');
      const write = await request(first.baseUrl, '/api/settings', {
        method: 'POST',
        headers: { 'x-api-key': adminKey },
        body: { key: 'brand_text', value: 'Redcar Readers' },
      });
      expect(write.status).toBe(200);
      expect(brandIn((await request(second.baseUrl, '/')).body)).toBe('Redcar');
    } finally {
      await second.stop();
      await first.stop();
      first.remove();
    }
  });
});

/** True while some process still has the data folder's SQLite database open (Linux: /proc). */
function isServing(dataDir: string): boolean {
  const database = path.join(dataDir, 'site.db');
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === database) return true;
      }
    } catch {
      // gone, or not ours to look at
    }
  }
  return false;
}

/** The cluster primary's live child processes (Linux: /proc). */
function workerPids(primaryPid: number): number[] {
  const children = fs.readFileSync(`/proc/${primaryPid}/task/${primaryPid}/children`, 'utf8');
  return children
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '));
}
