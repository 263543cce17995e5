import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerRequestLog, requestLogController } from './request-log';

it('writes one line per request: method, path without its query, status and time, nothing about the visitor', async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: requestLogController() });
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
