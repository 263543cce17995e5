import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { seedEnquiry } from '../../../../tests/support/enquiries-factory';
import { adminSessionPath } from '../../../shared/admin-session';
import type { AccessLogEntry, AccessLogPage } from '../../../shared/access-log/access-log';
import type { CreatedApiToken } from '../../../shared/staff/staff';
import { stepAt, totpCode } from '../../auth/totp';
import { REFUSALS_WRITTEN } from './recorder';

const KEY = 'access-log-complete-key-0123456789abcdef';
const key = { 'x-api-key': KEY };
const strongPassword = 'blue kettle under the stairs';

/**
 * The access log answers "who has seen this family's details?", traces refusals to a person,
 * says where sign-ins came from, and cannot be filled by strangers (issue 36; decision 0058,
 * "Budgets and the access log").
 */
describe('the access log is complete and bounded', () => {
  let subject: TestApp;
  let at = Date.UTC(2026, 10, 27, 10, 0, 0);
  const clock = () => new Date(at);
  let inbox: Record<string, string>;
  let inboxTokenId: number;
  let editor: Record<string, string>;
  let editorTokenId: number;
  const enquiries: number[] = [];

  const get = (url: string, headers: Record<string, string>, remoteAddress = '10.40.0.1') =>
    subject.app.inject({ url, headers, remoteAddress });
  const log = async (query: string) => {
    const answer = await get(`/api/admin/access-log${query}`, key);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as AccessLogPage;
  };
  const byToken = (entries: AccessLogEntry[], id: number) =>
    entries.filter((entry) => entry.actor.kind === 'token' && entry.actor.id === id);

  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock });
    const token = async (name: string, roles: string[]) => {
      const answer = await subject.app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: key,
        payload: { name, roles },
      });
      return answer.json() as CreatedApiToken;
    };
    const inboxToken = await token('Inbox script', ['enquiries']);
    inbox = { 'x-api-key': inboxToken.token };
    inboxTokenId = inboxToken.id;
    const editorToken = await token('Editor script', ['editor']);
    editor = { 'x-api-key': editorToken.token };
    editorTokenId = editorToken.id;
    for (const lastName of ['Ashdown', 'Brightwater', 'Cole']) {
      enquiries.push((await seedEnquiry(subject.database.db, { last_name: lastName })).id);
    }
  });
  afterAll(() => subject.close());

  it('records under each enquiry the list pages, searches, exports and Bin that showed it', async () => {
    const [ashdown, brightwater, cole] = enquiries as [number, number, number];
    // A page of two (the newest), a search that finds one, the export of all three.
    expect((await get('/api/contact-submissions?page=1&pageSize=2', inbox)).statusCode).toBe(200);
    expect((await get('/api/contact-submissions?page=1&q=Ashdown', inbox)).statusCode).toBe(200);
    expect((await get('/api/contact-submissions/export.csv', inbox)).statusCode).toBe(200);
    // A list that found nothing showed nobody's details.
    expect((await get('/api/contact-submissions?page=1&q=Nobody', inbox)).statusCode).toBe(200);

    const actions = async (id: number) =>
      byToken((await log(`?enquiry=${id}`)).items, inboxTokenId).map((entry) => entry.action);
    expect(await actions(cole)).toEqual(['enquiry.export', 'enquiry.list']);
    expect(await actions(brightwater)).toEqual(['enquiry.export', 'enquiry.list']);
    expect(await actions(ashdown)).toEqual(['enquiry.export', 'enquiry.list']);
    const newest = (await log('')).items;
    expect(newest.slice(0, 4).map((entry) => [entry.action, entry.shown])).toEqual([
      ['enquiry.list', 0],
      ['enquiry.export', 3],
      ['enquiry.list', 1],
      ['enquiry.list', 2],
    ]);

    // Binned, an enquiry still shows the parent's name on the Bin's list.
    expect(
      (await subject.app.inject({ method: 'DELETE', url: `/api/contact-submissions/${cole}`, headers: inbox }))
        .statusCode,
    ).toBe(204);
    expect((await get('/api/admin/bin', inbox)).statusCode).toBe(200);
    expect((await actions(cole))[0]).toBe('bin.list');
    // The Bin of someone who may not see enquiries shows none, and records nothing.
    const before = (await log('')).total;
    expect((await get('/api/admin/bin', editor)).statusCode).toBe(200);
    expect((await log('')).total).toBe(before);
  });

  it('records a known principal refused a route, with the route, and a failed CSRF check under the session', async () => {
    for (const url of ['/api/contact-submissions', '/api/admin/access-log', '/api/admin/staff/accounts']) {
      expect((await get(url, editor)).statusCode).toBe(403);
    }
    const refused = byToken((await log(`?actor=token:${editorTokenId}`)).items, editorTokenId);
    expect(refused.map((entry) => [entry.action, entry.outcome, entry.target?.id])).toEqual([
      ['access.refused', 'refused', 'GET /api/admin/staff/accounts'],
      ['access.refused', 'refused', 'GET /api/admin/access-log'],
      ['access.refused', 'refused', 'GET /api/contact-submissions'],
    ]);
    expect(refused[0]!.target?.kind).toBe('route');
    expect(refused[0]!.address).toBe('10.40.0.1');

    const session = await subject.app.inject({ method: 'POST', url: adminSessionPath, headers: key });
    const cookie = `admin_session=${session.cookies.find(({ name }) => name === 'admin_session')!.value}`;
    const forged = await subject.app.inject({
      method: 'DELETE',
      url: `/api/contact-submissions/${enquiries[0]}`,
      headers: { cookie },
      remoteAddress: '10.40.0.2',
    });
    expect(forged.statusCode).toBe(403);
    expect((await log('?actor=key')).items[0]).toMatchObject({
      action: 'access.refused',
      target: { kind: 'route', id: 'DELETE /api/contact-submissions/:id' },
      address: '10.40.0.2',
    });
  });

  it('says where each sign-in, right or wrong, came from', async () => {
    const invited = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: key,
      payload: { email: 'where@example.test', roles: ['editor'] },
    });
    const token = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
    const view = await subject.app.inject({ method: 'POST', url: '/api/staff/invitations/open', payload: { token } });
    const { secret } = (view.json() as { authenticator: { secret: string } }).authenticator;
    await subject.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/accept',
      payload: {
        token,
        name: 'Wendy',
        password: strongPassword,
        authenticator: { secret, code: totpCode(secret, stepAt(clock())) },
      },
    });
    at += 30_000;
    const signIn = (password: string, remoteAddress: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/staff/sign-in',
        payload: { email: 'where@example.test', password },
        remoteAddress,
      });
    expect((await signIn('not the password', '2001:db8:40::7')).statusCode).toBe(401);
    const first = await signIn(strongPassword, '203.0.113.77');
    const done = await subject.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in/code',
      payload: {
        challenge: (first.json() as { challenge: string }).challenge,
        code: totpCode(secret, stepAt(clock())),
      },
      remoteAddress: '203.0.113.77',
    });
    expect(done.statusCode, done.body).toBe(201);
    const entries = (await log('')).items.filter((entry) => entry.actor.name === 'Wendy');
    expect(entries.slice(0, 2).map((entry) => [entry.action, entry.address])).toEqual([
      ['sign-in', '203.0.113.77'],
      ['sign-in.failed', '2001:db8:40::7'],
    ]);
    // Everything else carries none.
    expect((await log('')).items.find((entry) => entry.action === 'enquiry.export')!.address).toBeNull();
  });

  it('writes one summary per address and window past the limit: 300 parallel wrong keys are not 300 entries', async () => {
    const rows = () =>
      subject.database.db
        .selectFrom('access_log')
        .select(['action', 'repeats', 'address'])
        .where('outcome', '=', 'refused')
        .where((eb) => eb.or([eb('address', '=', '198.51.100.30'), eb('action', '=', 'refused.more')]))
        .execute();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        subject.app.inject({
          method: 'POST',
          url: adminSessionPath,
          headers: { 'x-api-key': `wrong key number ${n} padded to length` },
          remoteAddress: '198.51.100.30',
        }),
      ),
    );
    expect(answers.every((answer) => [401, 429].includes(answer.statusCode))).toBe(true);
    const written = await rows();
    expect(written.filter((row) => row.action === 'sign-in.failed')).toHaveLength(REFUSALS_WRITTEN.perAddress);
    expect(written.filter((row) => row.action === 'refused.more')).toEqual([
      { action: 'refused.more', repeats: 300 - REFUSALS_WRITTEN.perAddress, address: '198.51.100.30' },
    ]);
    const summary = (await log('')).items.find((entry) => entry.action === 'refused.more')!;
    expect(summary).toMatchObject({ actor: { kind: 'anonymous' }, repeats: 290, outcome: 'refused' });
  });
});
