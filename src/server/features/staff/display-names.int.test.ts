import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { joinAsStaff, STAFF_PASSWORD } from '../../../../tests/support/staff';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import type { InvitationView } from '../../../shared/staff/staff';
import { stepAt, totpCode } from '../../auth/totp';
import { up as fillNameKeys } from '../../db/migrations/2026-11-27-5002-staff-name-keys-filled';
import { setupLinkIfNoAccounts } from './index';

const KEY = 'display-names-key-0123456789abcdef';
const at = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));
const key = { 'x-api-key': KEY };
const tokenOf = (link: string) => /#([\w-]{43})$/.exec(link)![1]!;

describe('names that cannot impersonate (issue 36, finding 7)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: KEY }, clock: () => at });
  });
  afterAll(() => subject.close());

  const invite = async (email: string) => {
    const invited = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: key,
      payload: { email, roles: ['owner'] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = tokenOf((invited.json() as { link: string }).link);
    const opened = await subject.app.inject({ method: 'POST', url: '/api/staff/invitations/open', payload: { token } });
    return { token, secret: (opened.json() as InvitationView).authenticator.secret };
  };
  const accept = (invitation: { token: string; secret: string }, name: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/accept',
      payload: {
        token: invitation.token,
        name,
        password: STAFF_PASSWORD,
        authenticator: { secret: invitation.secret, code: totpCode(invitation.secret, stepAt(at)) },
      },
    });
  const accountNames = async () =>
    (await subject.database.db.selectFrom('staff_accounts').select('name').orderBy('id').execute()).map(
      (row) => row.name,
    );
  const acceptances = async () =>
    (
      await subject.database.db
        .selectFrom('access_log')
        .select('id')
        .where('action', '=', 'invitation.accept')
        .execute()
    ).length;

  it('refuses a name in use, a reserved name, a right-to-left override and a line break: 400 naming the field, nothing written', async () => {
    await joinAsStaff(subject, key, { email: 'olivia@example.test', roles: ['owner'], name: 'Olivia Owner', at });
    const invitation = await invite('mallory@example.test');
    const namesBefore = await accountNames();
    const acceptedBefore = await acceptances();

    for (const [name, message] of [
      ['Olivia Owner', /^Someone on the staff already has this name/],
      ['  olivia   OWNER ', /^Someone on the staff already has this name/],
      ['Ｏｌｉｖｉａ Ｏｗｎｅｒ', /^Someone on the staff already has this name/],
      ['admin KEY', /^Choose another name: “Admin key”/],
      ['First start', /^Choose another name/],
      ['Unknown', /^Choose another name/],
      ['Mallory \u202Erenwo ailivO', /^Name must be plain text on one line/],
      ['Olivia Owner\u2066', /^Name must be plain text on one line/],
      ['Olivia\u200BOwner', /^Name must be plain text on one line/],
      ['Mallory\nOlivia Owner', /^Name must be plain text on one line/],
      ['Mallory\r\nsign-in ok', /^Name must be plain text on one line/],
    ] as const) {
      const answer = await accept(invitation, name);
      expect(answer.statusCode, JSON.stringify(name)).toBe(400);
      expect(answer.json(), JSON.stringify(name)).toMatchObject({
        field: 'name',
        error: expect.stringMatching(message),
      });
    }
    expect(await accountNames()).toEqual(namesBefore);
    expect(await acceptances()).toBe(acceptedBefore);

    // The invitation was not used up: the person joins under a name of their own.
    const joined = await accept(invitation, 'Mallory Moss');
    expect(joined.statusCode, joined.body).toBe(201);
    expect(await accountNames()).toEqual([...namesBefore, 'Mallory Moss']);
  });

  it('says a name is taken before the device makes a passkey for it', async () => {
    const { token } = await invite('pat@example.test');
    const answer = await subject.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/passkey/options',
      payload: { token, name: 'OLIVIA OWNER' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'name' });
    const hidden = await subject.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/passkey/options',
      payload: { token, name: 'Pat\u202EtaP' },
    });
    expect(hidden.json()).toMatchObject({ field: 'name', error: expect.stringMatching(/^Name must be plain text/) });
  });

  it('lets only one of two people accepting at the same moment take a name', async () => {
    const [one, two] = [await invite('twin.one@example.test'), await invite('twin.two@example.test')];
    const answers = await Promise.all([accept(one, 'Sam Same'), accept(two, 'sam same')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toMatchObject({ field: 'name' });
    expect((await accountNames()).filter((name) => name.toLowerCase() === 'sam same')).toHaveLength(1);
  });

  it('keeps an API token from taking a name the access log gives the site itself', async () => {
    for (const name of ['Admin key', 'unknown', 'Nightly\u202Etropxe']) {
      const answer = await subject.app.inject({
        method: 'POST',
        url: '/api/admin/api-tokens',
        headers: key,
        payload: { name, roles: ['editor'] },
      });
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'name' });
    }
    expect(await subject.database.db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
  });

  it('shows each person’s e-mail address beside their name in the access log', async () => {
    const log = (
      await subject.app.inject({ method: 'GET', url: '/api/admin/access-log', headers: key })
    ).json() as AccessLogPage;
    const olivia = log.items.find(
      (entry) => entry.action === 'invitation.accept' && entry.actor.name === 'Olivia Owner',
    );
    expect(olivia?.actor).toEqual({
      kind: 'account',
      id: expect.any(Number),
      name: 'Olivia Owner',
      email: 'olivia@example.test',
    });
    const byKey = log.items.find((entry) => entry.action === 'invitation.create');
    expect(byKey?.actor).toEqual({ kind: 'key', id: null, name: 'Admin key', email: null });
  });

  it('fills the name keys of older accounts, the first of two alike keeping it', async () => {
    const db = subject.database.db;
    await db.updateTable('staff_accounts').set({ name_key: null }).execute();
    // Two older accounts whose names read the same (before names were compared): the twin who
    // took "Sam Same" above (either one) was made after Mallory.
    const twin = await db
      .updateTable('staff_accounts')
      .set({ name: 'Mallory  MOSS' })
      .where('email_key', 'in', ['twin.one@example.test', 'twin.two@example.test'])
      .returning('email')
      .executeTakeFirstOrThrow();
    await fillNameKeys(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('staff_accounts').select(['email', 'name_key']).orderBy('id').execute();
    const keyOf = (email: string) => rows.find((row) => row.email === email)!.name_key;
    expect(keyOf('olivia@example.test')).toBe('olivia owner');
    expect(keyOf('mallory@example.test')).toBe('mallory moss');
    expect(keyOf(twin.email)).toBeNull();
    // Still refused to anyone new, though only one account keeps the key.
    const invitation = await invite('third@example.test');
    expect((await accept(invitation, 'mallory moss')).json()).toMatchObject({ field: 'name' });
  });
});

describe('the first owner’s setup link keeps the same rules', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ clock: () => at });
  });
  afterAll(() => subject.close());

  it('refuses “First start” and a line break as the first owner’s name, then accepts a plain one', async () => {
    const token = tokenOf((await setupLinkIfNoAccounts(subject.database.db, subject.config, () => at))!);
    const opened = await subject.app.inject({ method: 'POST', url: '/api/staff/invitations/open', payload: { token } });
    const { secret } = (opened.json() as InvitationView).authenticator;
    const accept = (name: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/staff/invitations/accept',
        payload: {
          token,
          name,
          email: 'first.owner@example.test',
          password: STAFF_PASSWORD,
          authenticator: { secret, code: totpCode(secret, stepAt(at)) },
        },
      });
    for (const name of ['first START', 'Admin key', 'Owner\nAdmin key']) {
      const answer = await accept(name);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'name' });
    }
    expect(await subject.database.db.selectFrom('staff_accounts').select('id').execute()).toEqual([]);
    expect((await accept('Fran First')).statusCode).toBe(201);
  });
});
