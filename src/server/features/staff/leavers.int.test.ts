import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { joinAsStaff } from '../../../../tests/support/staff';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import type { AccountChangeResult, ApiTokenRecord, CreatedApiToken } from '../../../shared/staff/staff';

const KEY = 'leavers-key-0123456789abcdefghij';
const at = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));

describe('leavers leave: disabling an account ends what it made (issue 36, finding 6)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: () => at });
  });
  afterAll(() => subject.close());

  it('revokes the leaver’s API token and withdraws their pending invitation, and says so', async () => {
    const key = { 'x-api-key': KEY };
    const leaver = await joinAsStaff(subject, key, {
      email: 'leaver@example.test',
      roles: ['owner'],
      name: 'Lee Leaver',
      at,
    });
    const other = await joinAsStaff(subject, key, {
      email: 'other@example.test',
      roles: ['owner'],
      name: 'Olga Other',
      at,
    });
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
      subject.app.inject({ method, url, headers, payload });

    // The leaver makes an owner token and invites a friend as an owner.
    const made = await inject('POST', '/api/admin/api-tokens', leaver.headers, { name: 'Nightly', roles: ['owner'] });
    const token = made.json() as CreatedApiToken;
    expect(token).toMatchObject({ createdBy: 'Lee Leaver', createdByAccountId: leaver.id });
    const invited = await inject('POST', '/api/admin/staff/invitations', leaver.headers, {
      email: 'friend@example.test',
      roles: ['owner'],
    });
    expect(invited.json()).toMatchObject({ invitation: { invitedBy: 'Lee Leaver', invitedByAccountId: leaver.id } });
    const friendToken = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
    // And the other owner's token and invitation, which must survive.
    const kept = (
      await inject('POST', '/api/admin/api-tokens', other.headers, { name: 'Kept', roles: ['editor'] })
    ).json() as CreatedApiToken;
    expect((await inject('GET', '/api/admin/staff/accounts', { 'x-api-key': token.token })).statusCode).toBe(200);

    const disabled = await inject('PATCH', `/api/admin/staff/accounts/${leaver.id}`, other.headers, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json() as AccountChangeResult).toMatchObject({
      disabledAt: expect.any(String),
      ended: { apiTokens: 1, invitations: 1 },
    });

    expect((await inject('GET', '/api/admin/blog', leaver.headers)).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/staff/accounts', { 'x-api-key': token.token })).statusCode).toBe(401);
    const accepted = await subject.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/accept',
      payload: { token: friendToken, name: 'Friend', password: 'blue kettle under the stairs' },
    });
    expect(accepted.statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/blog', { 'x-api-key': kept.token })).statusCode).toBe(200);

    // Enabling again brings the person back, not what they made.
    const enabled = await inject('PATCH', `/api/admin/staff/accounts/${leaver.id}`, other.headers, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabledAt: null, ended: { apiTokens: 0, invitations: 0 } });
    expect((await inject('GET', '/api/admin/staff/accounts', { 'x-api-key': token.token })).statusCode).toBe(401);
    const tokens = (await inject('GET', '/api/admin/api-tokens', key)).json() as ApiTokenRecord[];
    expect(tokens.find((each) => each.id === token.id)!.revokedAt).toEqual(expect.any(String));

    // The access log says what ended, under the owner who disabled the account.
    const log = (await inject('GET', '/api/admin/access-log', key)).json() as AccessLogPage;
    const byOther = log.items.filter((entry) => entry.actor.id === other.id).map((entry) => entry.action);
    expect(byOther).toEqual(expect.arrayContaining(['account.change', 'api-token.revoke', 'invitation.withdraw']));
  });
});
