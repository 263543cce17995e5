import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import { ACCESS_LOG_KEEP_DAYS } from '../../../shared/retention';
import type { CreatedApiToken } from '../../../shared/staff/staff';

const KEY = 'access-log-route-key-0123456789abcdef';
const DAY_MS = 24 * 60 * 60 * 1000;
const key = { 'x-api-key': KEY };

describe('GET /api/admin/access-log: the owners’ reading, newest first, filtered and paged', () => {
  let subject: TestApp;
  let inboxToken: CreatedApiToken;
  let ownerToken: CreatedApiToken;
  let first: number;
  let second: number;

  const read = (query: string, headers: Record<string, string> = key) =>
    subject.app.inject({ url: `/api/admin/access-log${query}`, headers });
  const page = async (query: string, headers: Record<string, string> = key) => {
    const answer = await read(query, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as AccessLogPage;
  };

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
    const token = async (name: string, roles: string[]) =>
      (
        await subject.app.inject({
          method: 'POST',
          url: '/api/admin/api-tokens',
          headers: key,
          payload: { name, roles },
        })
      ).json() as CreatedApiToken;
    inboxToken = await token('Inbox script', ['enquiries']);
    ownerToken = await token('Owner script', ['owner']);
    first = (await seedEnquiry(subject.database.db)).id;
    second = (await seedEnquiry(subject.database.db)).id;
    const as = (headers: Record<string, string>, url: string) => subject.app.inject({ url, headers });
    const inbox = { 'x-api-key': inboxToken.token };
    await as(inbox, '/api/contact-submissions');
    await as(inbox, `/api/contact-submissions/${first}/notes`);
    await as(inbox, `/api/contact-submissions/${second}/notes`);
    await as(key, `/api/contact-submissions/${first}/notes`);
  });
  afterAll(() => subject.close());

  it('lists every entry newest first, with who, what, which and the outcome', async () => {
    const all = await page('');
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 50, pageCount: 1 });
    expect(all.items.map((item) => item.action)).toEqual([
      'enquiry.read',
      'enquiry.read',
      'enquiry.read',
      'enquiry.list',
      'api-token.create',
      'api-token.create',
    ]);
    expect(all.items[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: { kind: 'key', id: null, name: 'Admin key', email: null },
      action: 'enquiry.read',
      target: { kind: 'enquiry', id: String(first), name: null },
      outcome: 'ok',
      address: null,
      shown: 0,
      repeats: null,
    });
    // The list names no one enquiry, and says how many it showed.
    expect(all.items[3]).toMatchObject({
      actor: { kind: 'token', id: inboxToken.id, name: 'Inbox script' },
      target: null,
      shown: 2,
    });
    const ids = all.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by who acted and by enquiry, alone or together, and pages', async () => {
    const byToken = await page(`?actor=token:${inboxToken.id}`);
    expect(byToken.total).toBe(3);
    expect(byToken.items.every((item) => item.actor.kind === 'token' && item.actor.id === inboxToken.id)).toBe(true);
    expect((await page('?actor=key')).items.every((item) => item.actor.kind === 'key')).toBe(true);
    expect((await page(`?actor=token:${ownerToken.id}`)).total).toBe(0);
    expect((await page('?actor=anonymous')).total).toBe(0);
    expect((await page('?actor=account:1')).total).toBe(0);

    // An enquiry's entries: those about it, and the list that showed it among others.
    const aboutFirst = await page(`?enquiry=${first}`);
    expect(aboutFirst.items.map((item) => [item.actor.kind, item.action])).toEqual([
      ['key', 'enquiry.read'],
      ['token', 'enquiry.read'],
      ['token', 'enquiry.list'],
    ]);
    const both = await page(`?enquiry=${first}&actor=token:${inboxToken.id}`);
    expect(both.total).toBe(2);
    expect(both.items.map((item) => item.target)).toEqual([{ kind: 'enquiry', id: String(first), name: null }, null]);
    expect((await page('?enquiry=999999')).total).toBe(0);

    const paged = await page('?page=2&pageSize=4');
    expect(paged).toMatchObject({ total: 6, page: 2, pageSize: 4, pageCount: 2 });
    expect(paged.items.map((item) => item.action)).toEqual(['api-token.create', 'api-token.create']);
  });

  it('is for owners only: another role is refused (and recorded), and reading it writes no entry', async () => {
    const refused = await read('', { 'x-api-key': inboxToken.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    // A stranger's 401 names nobody, and is the sign-in budgets' business, not the log's.
    expect((await read('', {})).statusCode).toBe(401);
    const after = await page('', { 'x-api-key': ownerToken.token });
    expect(after.total).toBe(7);
    expect(after.items[0]).toMatchObject({
      actor: { kind: 'token', id: inboxToken.id },
      action: 'access.refused',
      target: { kind: 'route', id: 'GET /api/admin/access-log' },
      outcome: 'refused',
    });
    expect((await page('', { 'x-api-key': ownerToken.token })).total).toBe(7);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?actor=person:1', 'actor'],
      ['?actor=account:', 'actor'],
      ['?actor=account:0', 'actor'],
      ['?actor=key:1', 'actor'],
      ['?enquiry=abc', 'enquiry'],
      ['?enquiry=0', 'enquiry'],
      ['?enquiry=1.5', 'enquiry'],
      // A name typed where the number goes, and numbers spelt as JavaScript would read them: never a silent "no filter" or another number.
      ['?enquiry=Hughes', 'enquiry'],
      ['?enquiry=', 'enquiry'],
      ['?enquiry=0x10', 'enquiry'],
      ['?enquiry=1e3', 'enquiry'],
      ['?page=0', 'page'],
      ['?pageSize=1000', 'pageSize'],
    ];
    for (const [query, field] of cases) {
      const answer = await read(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect((await read('?enquiry=Hughes')).json()).toMatchObject({
      error: "Enquiry number must be an enquiry's number, like 12",
    });
  });
});

describe('the access log’s lifetime and its failures', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => subject.close());

  const entryAt = (at: Date, action: string) => ({
    at: at.toISOString(),
    actor_kind: 'key',
    actor_id: null,
    actor_name: 'Admin key',
    action,
    target_kind: null,
    target_id: null,
    outcome: 'ok',
    address: null,
    repeats: null,
    summary_key: null,
  });

  it(`keeps entries for ${ACCESS_LOG_KEEP_DAYS} days; the daily retention run deletes only older ones`, async () => {
    const now = Date.now();
    await subject.database.db
      .insertInto('access_log')
      .values([
        entryAt(new Date(now - (ACCESS_LOG_KEEP_DAYS + 1) * DAY_MS), 'too old'),
        entryAt(new Date(now - ACCESS_LOG_KEEP_DAYS * DAY_MS + 60_000), 'just within the year'),
        entryAt(new Date(now - DAY_MS), 'yesterday'),
      ])
      .execute();
    // Each showed enquiry 42 (a list page): the shown enquiries go with their entry.
    const entries = await subject.database.db.selectFrom('access_log').select('id').orderBy('id').execute();
    await subject.database.db
      .insertInto('access_log_enquiries')
      .values(entries.map(({ id }) => ({ entry_id: id, enquiry_id: 42 })))
      .execute();
    const retention = subject.features.startRetention({ info: () => {}, error: () => {} });
    await retention.firstRun;
    retention.stop();
    const left = await subject.database.db.selectFrom('access_log').select('action').orderBy('id').execute();
    expect(left.map((row) => row.action)).toEqual(['just within the year', 'yesterday']);
    const shown = await subject.database.db.selectFrom('access_log_enquiries').select('entry_id').execute();
    expect(shown.map((row) => row.entry_id).sort()).toEqual(entries.slice(1).map(({ id }) => id));
  });

  it('never fails the request it records: a write that fails is logged and the request goes on', async () => {
    await subject.database.db.schema.dropTable('access_log').execute();
    const inbox = await subject.app.inject({ url: '/api/contact-submissions', headers: key });
    expect(inbox.statusCode).toBe(200);
    const signIn = await subject.app.inject({ method: 'POST', url: '/api/admin/session', headers: key });
    expect(signIn.statusCode).toBe(201);
  });
});
