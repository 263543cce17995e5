import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
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
});
