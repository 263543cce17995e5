import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { contact } from '../support/enquiries-payloads';
import { waitFor } from '../support/smtp';
import { expect, test } from './fixtures';
import { packageVersion, startServer } from './server';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('the server process', () => {
  test('a bad environment value stops it with a message naming the variable', () => {
    const result = spawnSync(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
  });

  test('SIGTERM lets an in-flight request finish, closes the database and exits 0', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    // Healthy means one process listens; a cluster announces its release once every worker does,
    // which on a busy machine can come after the first answer.
    await waitFor(() => server.output().includes('database ready'), 30_000);
    const { port } = new URL(server.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));

    // A request whose body is still arriving when the signal comes is in flight, not idle.
    socket.write(
      'POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":',
    );
    await pause(300);
    const stopped = server.stop('SIGTERM');
    await pause(300);
    socket.end('"bbbbbbbbbbbb"}');
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('"code":"NOT_FOUND"');
    expect(await stopped).toBe(0);
    expect(server.output()).toContain('shutting down');
    // The start-up line names the release it runs.
    expect(server.output()).toContain(`"version":"${packageVersion}"`);
    // A cleanly closed SQLite database leaves no write-ahead log behind.
    expect(fs.existsSync(path.join(server.dataDir, 'site.db'))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'site.db-wal'))).toBe(false);
    server.remove();
  });

  test('each request leaves one line by the graceful stop, and nothing personal is in it', async () => {
    // The default logging, in a cluster: every worker's buffered lines must be out when it exits.
    const server = await startServer({ LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' });
    const search = 'amelia-private-search';
    const sent = await fetch(`${server.baseUrl}/api/contact-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(sent.status).toBe(201);
    const paths = ['/', '/blog', `/blog?search=${search}`, '/no-such-page'];
    for (const requestPath of paths) await fetch(`${server.baseUrl}${requestPath}`);

    expect(await server.stop('SIGTERM')).toBe(0);
    const requestLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { method: string; path: string; status: number });
    const logged = (method: string, requestPath: string, status: number) =>
      requestLines.filter((line) => line.method === method && line.path === requestPath && line.status === status);
    expect(logged('POST', '/api/contact-submissions', 201)).toHaveLength(1);
    expect(logged('GET', '/', 200)).toHaveLength(1);
    // Both /blog requests, the query string left out.
    expect(logged('GET', '/blog', 200)).toHaveLength(2);
    expect(logged('GET', '/no-such-page', 404)).toHaveLength(1);
    for (const personal of [
      search,
      contact.firstName,
      contact.lastName,
      contact.email,
      contact.mobile,
      contact.message,
    ]) {
      expect(server.output()).not.toContain(personal);
    }
    server.remove();
  });
});
