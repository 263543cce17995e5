import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { joinAsStaff } from '../../../../tests/support/staff';

const KEY = 'invitation-log-key-0123456789abcdef';
const start = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));

describe('no invitation token in the service log (issue 36, finding 4)', () => {
  let subject: TestApp;
  let logged = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: () => start, logStream });
  });
  afterAll(() => subject.close());

  it('runs a whole invitation (invite, open, passkey options, a refused and an accepted answer) and logs every request without its token', async () => {
    const invited = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: { 'x-api-key': KEY },
      payload: { email: 'new.owner@example.test', roles: ['owner'] },
    });
    const token = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
    const post = (url: string, payload: object) => subject.app.inject({ method: 'POST', url, payload });
    expect((await post('/api/staff/invitations/open', { token })).statusCode).toBe(200);
    expect((await post('/api/staff/invitations/passkey/options', { token, name: 'New Owner' })).statusCode).toBe(200);
    expect(
      (await post('/api/staff/invitations/accept', { token, name: 'New Owner', password: 'short' })).statusCode,
    ).toBe(400);
    // The helper goes the whole way with another invitation: open, accept, signed in.
    const joined = await joinAsStaff(
      subject,
      { 'x-api-key': KEY },
      {
        email: 'second@example.test',
        roles: ['editor'],
        name: 'Second Person',
        at: start,
      },
    );
    expect((await subject.app.inject({ url: '/api/admin/blog', headers: joined.headers })).statusCode).toBe(200);

    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; path?: string });
    const paths = lines.filter((line) => line.msg === 'request').map((line) => line.path);
    expect(paths).toContain('/api/staff/invitations/open');
    expect(paths).toContain('/api/staff/invitations/accept');
    expect(logged).not.toContain(token);
    // Nor any other token-shaped value: 43 base64url characters.
    expect(logged).not.toMatch(/[\w-]{43}/);
  });
});
