import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import type { ApiTokenRecord, CreatedApiToken } from '../../../shared/staff/staff';

const KEY = 'api-token-test-key-0123456789abcdef';

describe('named API tokens (decision 0058)', () => {
  let subject: TestApp;
  let address = 0;
  const nextAddress = () => `10.7.0.${++address}`;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: unknown) =>
    subject.app.inject({
      method,
      url,
      headers: { 'x-api-key': key, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      remoteAddress: nextAddress(),
    });
  const create = async (name: string, roles: string[]) => {
    const answer = await call('POST', '/api/admin/api-tokens', KEY, { name, roles });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as CreatedApiToken;
  };

  it('creates a token shown once, lists it without the token, and it works with its roles only', async () => {
    const created = await create('  Nightly export  ', ['enquiries']);
    expect(created.token).toMatch(/^nst_[\w-]{43}$/);
    expect(created).toMatchObject({ name: 'Nightly export', roles: ['enquiries'], createdBy: 'Admin key' });

    const list = (await call('GET', '/api/admin/api-tokens', KEY)).json() as ApiTokenRecord[];
    const listed = list.find((token) => token.id === created.id)!;
    expect(listed).toMatchObject({ name: 'Nightly export', roles: ['enquiries'], revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.token);
    // Nor is it stored: only its hash.
    const stored = await subject.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(4));

    expect((await call('GET', '/api/contact-submissions', created.token)).statusCode).toBe(200);
    const blog = await call('GET', '/api/admin/blog', created.token);
    expect(blog.statusCode).toBe(403);
    expect(blog.json()).toEqual({ error: 'Your account cannot do this.', code: 'FORBIDDEN' });
    // A token cannot manage tokens unless it is an owner's.
    expect((await call('GET', '/api/admin/api-tokens', created.token)).statusCode).toBe(403);
    // Nor open a browser session: that is for people.
    expect((await call('POST', '/api/admin/session', created.token)).statusCode).toBe(400);

    const used = (await call('GET', '/api/admin/api-tokens', KEY)).json() as ApiTokenRecord[];
    expect(used.find((token) => token.id === created.id)!.lastUsedAt).not.toBeNull();
  });

  it('stores the roles once each, in a fixed order, whatever order they were sent in', async () => {
    const created = await create('Both', ['editor', 'enquiries']);
    expect(created.roles).toEqual(['enquiries', 'editor']);
  });

  it('refuses a revoked token at once (401), and a second revoke is 404', async () => {
    const created = await create('Old script', ['editor']);
    expect((await call('GET', '/api/admin/blog', created.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/api-tokens/${created.id}`, KEY)).statusCode).toBe(204);
    const refused = await call('GET', '/api/admin/blog', created.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Invalid admin API key.', code: 'UNAUTHORIZED' });
    expect((await call('DELETE', `/api/admin/api-tokens/${created.id}`, KEY)).statusCode).toBe(404);
    const listed = ((await call('GET', '/api/admin/api-tokens', KEY)).json() as ApiTokenRecord[]).find(
      (token) => token.id === created.id,
    )!;
    expect(listed.revokedAt).not.toBeNull();
  });

  it('refuses bad input with the field at fault, and stores nothing', async () => {
    const before = (await call('GET', '/api/admin/api-tokens', KEY)).json() as ApiTokenRecord[];
    const cases: [unknown, string, string][] = [
      [{ name: '', roles: ['editor'] }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(81), roles: ['editor'] }, 'name', 'Name must be at most 80 characters.'],
      [{ name: 'A', roles: [] }, 'roles', 'Choose at least one role.'],
      [{ name: 'A', roles: ['admin'] }, 'roles.0', 'Each role must be one of: owner, enquiries, editor.'],
      [{ name: 'A', roles: ['editor', 'editor'] }, 'roles', 'Each role at most once.'],
      [{ name: 'A', roles: 'editor' }, 'roles', 'Roles must be a list.'],
      [{ name: 'A', roles: ['editor'], token: 'mine' }, 'token', 'Unknown field: token.'],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await call('POST', '/api/admin/api-tokens', KEY, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      const body = answer.json() as { field?: string; error: string };
      expect(body.field, JSON.stringify(payload)).toBe(field);
      if (message) expect(body.error).toBe(message);
    }
    expect((await call('DELETE', '/api/admin/api-tokens/abc', KEY)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/api-tokens', KEY)).json()).toEqual(before);
  });

  it('counts a wrong token like a wrong key: the failure limiter applies', async () => {
    const remoteAddress = '10.7.9.9';
    const guess = `nst_${'A'.repeat(43)}`;
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (await subject.app.inject({ url: '/api/admin/blog', headers: { 'x-api-key': guess }, remoteAddress }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});
