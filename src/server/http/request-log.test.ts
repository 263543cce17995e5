import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerRequestLog, requestLogController, slowRequestMs } from './request-log';

/** A Fastify app whose log lines are collected as objects. */
function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, app: Fastify({ logger: { level: 'info', stream }, logController: requestLogController() }) };
}

it('writes one line per request: method, path without its query, status and time, nothing about the visitor', async () => {
  const { app, lines } = appWithLog();
  registerRequestLog(app);
  app.get('/blog', async () => 'ok');
  await app.inject({ url: '/blog?q=my+childs+name', headers: { 'x-api-key': 'secret', cookie: 'a=b' } });
  await app.close();

  expect(lines).toHaveLength(1);
  const [line] = lines;
  expect(line).toMatchObject({ method: 'GET', path: '/blog', status: 200, msg: 'request' });
  expect(typeof line!.ms).toBe('number');
  const text = JSON.stringify(line);
  for (const secret of ['childs', 'secret', 'a=b', '127.0.0.1']) expect(text).not.toContain(secret);
});

it('with REQUEST_LOG=errors, writes the lines of requests answered 4xx or 5xx or slow only', async () => {
  const { app, lines } = appWithLog();
  const slowMs = 40;
  registerRequestLog(app, 'errors', slowMs);
  app.get('/fine', async () => 'ok');
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, slowMs + 10));
    return 'ok';
  });
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  for (const url of ['/fine', '/fine', '/missing', '/broken', '/slow']) await app.inject({ url });
  await app.close();

  const logged = lines.filter((line) => line.msg === 'request').map((line) => [line.path, line.status]);
  expect(logged).toEqual([
    ['/missing', 404],
    ['/broken', 500],
    ['/slow', 200],
  ]);
  expect(slowRequestMs).toBe(1000); // as README "Logs" says
});
