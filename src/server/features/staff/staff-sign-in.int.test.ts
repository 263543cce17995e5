import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { stepAt, totpCode } from '../../auth/totp';
import { setupLinkIfNoAccounts } from './setup-link';

const KEY = 'staff-sign-in-key-0123456789abcdef';
const strongPassword = 'blue kettle under the stairs';
/** A six-digit code that is not the right one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function setUp(env: Record<string, string>) {
  // Moved by the tests, so authenticator codes of later steps can be made.
  const clock = movableClock(Date.UTC(2026, 10, 26, 9, 0, 0));
  const subject = await createTestApp({ env: { ADMIN_API_KEY: KEY, ...env }, clock: clock.now });
  let address = 0;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: `10.9.0.${++address}`,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ url, headers, remoteAddress: `10.9.1.${++address}` });
  const invite = async (email: string, roles: string[]) => {
    const answer = await post('/api/admin/staff/invitations', { email, roles }, { 'x-api-key': KEY });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { invitation: { id: number }; link: string; mailed: boolean };
  };
  /** The newest mail of a kind in the outbox (the tests read what would be sent). */
  const lastMail = async (kind: string) =>
    subject.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const cookieOf = (answer: { cookies: { name: string; value: string }[] }) =>
    `admin_session=${answer.cookies.find(({ name }) => name === 'admin_session')!.value}`;
  return { subject, clock, post, get, invite, lastMail, cookieOf };
}

describe('staff accounts with mail on: invitation, password and an e-mailed code (decision 0058)', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' });
  });
  afterAll(() => t.subject.close());

  it('mails an invitation that works once, and makes an account that may use only its roles', async () => {
    const { link, mailed } = await t.invite('Editor.Person@Example.test', ['editor']);
    expect(mailed).toBe(true);
    const mail = await t.lastMail('staff-invitation');
    expect(mail.recipient).toBe('Editor.Person@Example.test');
    const token = /\/admin\/invitation#([\w-]{43})/.exec(mail.body)![1]!;
    expect(link).toBe(`https://www.example.test/admin/invitation#${token}`);

    const shown = await t.post('/api/staff/invitations/open', { token });
    expect(shown.json()).toMatchObject({ email: 'Editor.Person@Example.test', roles: ['editor'], mailOn: true });

    const weak = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Eddie',
      password: 'password1234',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ field: 'password' });

    const accepted = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Eddie',
      password: strongPassword,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const cookie = t.cookieOf(accepted);
    expect((await t.get('/api/admin/blog', { cookie })).statusCode).toBe(200);
    const inbox = await t.get('/api/contact-submissions', { cookie });
    expect(inbox.statusCode).toBe(403);
    expect(inbox.json()).toMatchObject({ code: 'FORBIDDEN' });

    const again = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Mallory',
      password: strongPassword,
    });
    expect(again.statusCode).toBe(404);
    expect((await t.post('/api/staff/invitations/open', { token })).statusCode).toBe(404);
    // Nor can an address be invited twice once it has an account (however it is written).
    const twice = await t.post(
      '/api/admin/staff/invitations',
      { email: 'editor.person@example.test', roles: ['editor'] },
      { 'x-api-key': KEY },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'email' });
  });

  it('signs in with the password and then the e-mailed code, each code once', async () => {
    const wrong = await t.post('/api/staff/sign-in', {
      email: 'editor.person@example.test',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.post('/api/staff/sign-in', { email: 'nobody@example.test', password: strongPassword });
    expect(unknown.statusCode).toBe(401);
    // An unknown address and a wrong password read the same.
    expect(unknown.json()).toEqual(wrong.json());

    const first = await t.post('/api/staff/sign-in', { email: 'EDITOR.person@example.test', password: strongPassword });
    expect(first.statusCode, first.body).toBe(200);
    const { next, challenge } = first.json() as { next: string; challenge: string };
    expect(next).toBe('email-code');
    const code = /is:\n\n(\d{6})\n/.exec((await t.lastMail('sign-in-code')).body)![1]!;

    const badCode = otherThan(code);
    const refused = await t.post('/api/staff/sign-in/code', { challenge, code: badCode });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ field: 'code' });

    const signedIn = await t.post('/api/staff/sign-in/code', { challenge, code });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect((await t.get('/api/admin/blog', { cookie: t.cookieOf(signedIn) })).statusCode).toBe(200);
    const reused = await t.post('/api/staff/sign-in/code', { challenge, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toMatch(/sign-in has ended/);
  });

  it('replaces a password hash made with weaker parameters at the next sign-in', async () => {
    const salt = crypto.randomBytes(16);
    const weak = crypto.scryptSync(strongPassword, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$14$8$1$${salt.toString('base64url')}$${weak.toString('base64url')}`;
    const db = t.subject.database.db;
    await db
      .updateTable('staff_accounts')
      .set({ password_hash: stored })
      .where('email_key', '=', 'editor.person@example.test')
      .execute();
    const answer = await t.post('/api/staff/sign-in', {
      email: 'editor.person@example.test',
      password: strongPassword,
    });
    expect(answer.statusCode).toBe(200);
    const row = await db
      .selectFrom('staff_accounts')
      .select('password_hash')
      .where('email_key', '=', 'editor.person@example.test')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$15\$8\$3\$/);
  });

  it('ends a sign-in after five wrong codes, even if the sixth is right', async () => {
    const first = await t.post('/api/staff/sign-in', { email: 'editor.person@example.test', password: strongPassword });
    const { challenge } = first.json() as { challenge: string };
    const code = /is:\n\n(\d{6})\n/.exec((await t.lastMail('sign-in-code')).body)![1]!;
    const badCode = otherThan(code);
    for (let i = 0; i < 5; i += 1)
      expect((await t.post('/api/staff/sign-in/code', { challenge, code: badCode })).statusCode).toBe(401);
    const late = await t.post('/api/staff/sign-in/code', { challenge, code });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toMatch(/sign-in has ended/);
  });

  it(
    'makes password guesses for one account wait, a little longer each time, but not an address with a clean record',
    { timeout: 60_000 },
    async () => {
      // A window of its own: the tests above left a wrong password or two for this account.
      t.clock.advance(60 * 60_000);
      const from = (address: string, email: string, password: string) =>
        t.subject.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in',
          payload: { email, password },
          remoteAddress: address,
        });
      // Five wrong passwords from as many addresses are judged at once; then each waits longer.
      for (let i = 0; i < 5; i += 1)
        expect((await from(`10.20.0.${i}`, 'editor.person@example.test', `wrong guess ${i}`)).statusCode).toBe(401);
      // The guessers' addresses have a record now: from one of them, even the right password waits its second.
      const waiting = await from('10.20.0.1', 'Editor.Person@example.test', strongPassword);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error).toMatch(/sign in with your passkey/);
      expect(Number(waiting.headers['retry-after'])).toBe(1);
      // An address no account has is treated the same, so the answer tells nobody who has one.
      for (let i = 0; i < 5; i += 1) await from(`10.21.0.${i}`, 'ghost@example.test', `guess ${i}`);
      expect((await from('10.21.0.1', 'ghost@example.test', 'guess')).statusCode).toBe(429);
      // A clean address is not made to wait; nor is a passkey sign-in.
      expect((await from('10.22.0.1', 'editor.person@example.test', strongPassword)).statusCode).toBe(200);
      expect((await t.post('/api/staff/sign-in/passkey/options', {})).statusCode).toBe(200);
      // The wait is a second, not a quarter of an hour.
      t.clock.advance(1000);
      expect((await from('10.20.0.1', 'editor.person@example.test', strongPassword)).statusCode).toBe(200);
    },
  );

  it(
    'lets a person change their password and move their codes to an authenticator app',
    { timeout: 60_000 },
    async () => {
      const { link } = await t.invite('changer@example.test', ['editor']);
      const token = /#([\w-]{43})$/.exec(link)![1]!;
      const joined = await t.post('/api/staff/invitations/accept', {
        token: token,
        name: 'Changer',
        password: strongPassword,
      });
      const own = { cookie: t.cookieOf(joined), 'x-csrf-token': (joined.json() as { csrfToken: string }).csrfToken };
      const put = (url: string, payload: unknown) =>
        t.subject.app.inject({ method: 'PUT', url, payload: payload as object, headers: own });

      const newPassword = 'green teapot on the windowsill';
      expect(
        (await put('/api/admin/staff/me/password', { current: 'not it at all', password: newPassword })).json(),
      ).toMatchObject({ field: 'current' });
      // Just signed in, the session's proof is fresh (step-up.ts): the current password is not
      // needed, but one sent must be right.
      expect(
        (await put('/api/admin/staff/me/password', { current: strongPassword, password: 'password1234' })).json(),
      ).toMatchObject({ field: 'password' });
      expect(
        (await put('/api/admin/staff/me/password', { current: strongPassword, password: newPassword })).statusCode,
      ).toBe(204);
      expect(
        (await t.post('/api/staff/sign-in', { email: 'changer@example.test', password: strongPassword })).statusCode,
      ).toBe(401);
      expect(
        (await t.post('/api/staff/sign-in', { email: 'changer@example.test', password: newPassword })).json(),
      ).toMatchObject({ next: 'email-code' });

      const offered = (
        await t.subject.app.inject({ method: 'POST', url: '/api/admin/staff/me/authenticator/options', headers: own })
      ).json() as { secret: string; qrSvg: string };
      expect(offered.qrSvg).toMatch(/^<svg/);
      const now = totpCode(offered.secret, stepAt(t.clock.now()));
      expect(
        (await put('/api/admin/staff/me/authenticator', { secret: offered.secret, code: otherThan(now) })).json(),
      ).toMatchObject({ field: 'code' });
      expect((await put('/api/admin/staff/me/authenticator', { secret: offered.secret, code: now })).statusCode).toBe(
        204,
      );
      expect(
        (await t.post('/api/staff/sign-in', { email: 'changer@example.test', password: newPassword })).json(),
      ).toMatchObject({ next: 'authenticator-app' });

      // The admin key is nobody's account.
      const key = await t.subject.app.inject({
        method: 'PUT',
        url: '/api/admin/staff/me/password',
        headers: { 'x-api-key': KEY },
        payload: { password: newPassword },
      });
      expect(key.statusCode).toBe(400);
    },
  );

  it('refuses bad input with the field at fault', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/staff/sign-in', { email: 'not an address', password: 'x' }, 'email'],
      ['/api/staff/sign-in', { email: 'a@example.test' }, 'password'],
      ['/api/staff/sign-in', { email: 'a@example.test', password: 'x'.repeat(201) }, 'password'],
      ['/api/staff/sign-in/code', { challenge: 'x', code: '12345' }, 'code'],
      ['/api/staff/sign-in/code', { challenge: 'x', code: '123456', extra: 1 }, 'extra'],
    ];
    for (const [url, payload, field] of cases) {
      const answer = await t.post(url, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().field, JSON.stringify(payload)).toBe(field);
    }
    const invalid = await t.post(
      '/api/admin/staff/invitations',
      { email: 'a@example.test', roles: ['boss'] },
      { 'x-api-key': KEY },
    );
    expect(invalid.json()).toMatchObject({ field: 'roles.0' });
  });
});

describe('staff accounts with mail off: the link shown once, codes from an authenticator app', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({});
  });
  afterAll(() => t.subject.close());

  it('needs an authenticator app, then signs in with its codes, each step once', async () => {
    const { link } = await t.invite('owner2@example.test', ['owner']);
    const token = /#([\w-]{43})$/.exec(link)![1]!;
    const offered = (await t.post('/api/staff/invitations/open', { token })).json() as {
      mailOn: boolean;
      authenticator: { secret: string; uri: string };
    };
    expect(offered.mailOn).toBe(false);
    const { secret } = offered.authenticator;
    expect(offered.authenticator.uri).toContain(`secret=${secret}`);

    const withoutApp = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Olive',
      password: strongPassword,
    });
    expect(withoutApp.statusCode).toBe(400);
    expect(withoutApp.json()).toMatchObject({ field: 'authenticator' });
    const wrongApp = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Olive',
      password: strongPassword,
      authenticator: { secret, code: otherThan(totpCode(secret, stepAt(t.clock.now()))) },
    });
    expect(wrongApp.json()).toMatchObject({ field: 'authenticator.code' });

    const accepted = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: 'Olive',
      password: strongPassword,
      authenticator: { secret, code: totpCode(secret, stepAt(t.clock.now())) },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);

    const first = await t.post('/api/staff/sign-in', { email: 'owner2@example.test', password: strongPassword });
    const { next, challenge } = first.json() as { next: string; challenge: string };
    expect(next).toBe('authenticator-app');
    // The code used to accept cannot sign in again; the next step's can.
    const used = await t.post('/api/staff/sign-in/code', { challenge, code: totpCode(secret, stepAt(t.clock.now())) });
    expect(used.statusCode).toBe(401);
    t.clock.advance(30_000);
    const signedIn = await t.post('/api/staff/sign-in/code', {
      challenge,
      code: totpCode(secret, stepAt(t.clock.now())),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    // An owner's session may use everything, the staff routes too.
    expect((await t.get('/api/admin/staff/invitations', { cookie: t.cookieOf(signedIn) })).statusCode).toBe(200);
  });
});

describe('owners change roles and disable accounts, and the site keeps an owner', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' });
  });
  afterAll(() => t.subject.close());

  const join = async (email: string, roles: string[]) => {
    await t.invite(email, roles);
    const token = /#([\w-]{43})/.exec((await t.lastMail('staff-invitation')).body)![1]!;
    const accepted = await t.post('/api/staff/invitations/accept', {
      token: token,
      name: email,
      password: strongPassword,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const accounts = (await t.get('/api/admin/staff/accounts', { 'x-api-key': KEY })).json() as {
      id: number;
      email: string;
    }[];
    return { cookie: t.cookieOf(accepted), id: accounts.find((account) => account.email === email)!.id };
  };
  const change = (id: number, body: unknown) =>
    t.subject.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/accounts/${id}`,
      headers: { 'x-api-key': KEY },
      payload: body as object,
    });

  it('ends a disabled account’s session at its next call and refuses its password, until enabled again', async () => {
    const editor = await join('leaver@example.test', ['editor']);
    expect((await t.get('/api/admin/blog', { cookie: editor.cookie })).statusCode).toBe(200);
    const disabled = await change(editor.id, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ email: 'leaver@example.test', disabledAt: expect.any(String) });
    expect((await t.get('/api/admin/blog', { cookie: editor.cookie })).statusCode).toBe(401);
    const password = await t.post('/api/staff/sign-in', { email: 'leaver@example.test', password: strongPassword });
    expect(password.statusCode).toBe(401);

    expect((await change(editor.id, { disabled: false })).json()).toMatchObject({ disabledAt: null });
    const again = await t.post('/api/staff/sign-in', { email: 'leaver@example.test', password: strongPassword });
    expect(again.statusCode).toBe(200);
  });

  it('applies a change of roles to a live session at once', async () => {
    const person = await join('mover@example.test', ['editor']);
    expect((await t.get('/api/contact-submissions', { cookie: person.cookie })).statusCode).toBe(403);
    expect((await change(person.id, { roles: ['enquiries'] })).statusCode).toBe(200);
    expect((await t.get('/api/contact-submissions', { cookie: person.cookie })).statusCode).toBe(200);
    expect((await t.get('/api/admin/blog', { cookie: person.cookie })).statusCode).toBe(403);
  });

  it('never leaves the site without an enabled owner', async () => {
    const first = await join('first-owner@example.test', ['owner']);
    for (const body of [{ roles: ['editor'] }, { disabled: true }]) {
      const refused = await change(first.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT', field: 'roles' });
    }
    const second = await join('second-owner@example.test', ['owner', 'editor']);
    expect((await change(first.id, { roles: ['editor'] })).statusCode).toBe(200);
    expect((await change(second.id, { disabled: true })).statusCode).toBe(409);
    expect((await change(999999, { disabled: true })).statusCode).toBe(404);
    const empty = await change(second.id, {});
    expect(empty.statusCode).toBe(400);
  });

  it('lets only one of two owners who demote each other at the same moment succeed', { timeout: 60_000 }, async () => {
    // Everyone who is an owner steps down but one, then pairs of owners race: each round, the
    // two newest owners demote each other at once, and one must stay.
    const accounts = (await t.get('/api/admin/staff/accounts', { 'x-api-key': KEY })).json() as {
      id: number;
      roles: string[];
    }[];
    const owners = accounts.filter((account) => account.roles.includes('owner'));
    for (const other of owners.slice(1)) expect((await change(other.id, { roles: ['editor'] })).statusCode).toBe(200);
    let survivor = owners[0]!.id;
    for (let round = 0; round < 8; round += 1) {
      const rival = await join(`rival-${round}@example.test`, ['owner']);
      const answers = await Promise.all([
        change(survivor, { roles: ['editor'] }),
        change(rival.id, { roles: ['editor'] }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      survivor = answers[0]!.statusCode === 409 ? survivor : rival.id;
    }
  });
});

describe('the first start’s setup link', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({});
  });
  afterAll(() => t.subject.close());

  it('makes an owner once, and stops working as soon as anyone has an account', async () => {
    const link = (await setupLinkIfNoAccounts(t.subject.database.db, t.subject.config, t.clock.now))!;
    const token = /#([\w-]{43})$/.exec(link)![1]!;
    expect((await t.post('/api/staff/invitations/open', { token })).json()).toMatchObject({
      email: null,
      roles: ['owner'],
    });
    // A newer start's link replaces it.
    const newer = (await setupLinkIfNoAccounts(t.subject.database.db, t.subject.config, t.clock.now))!;
    const newerToken = /#([\w-]{43})$/.exec(newer)![1]!;
    expect((await t.post('/api/staff/invitations/open', { token })).statusCode).toBe(404);
    // Someone joins through an ordinary invitation: the setup link is then no use.
    const { link: invited } = await t.invite('first@example.test', ['editor']);
    const invitedToken = /#([\w-]{43})$/.exec(invited)![1]!;
    const offered = (await t.post('/api/staff/invitations/open', { token: invitedToken })).json() as {
      authenticator: { secret: string };
    };
    const joined = await t.post('/api/staff/invitations/accept', {
      token: invitedToken,
      name: 'First',
      password: strongPassword,
      authenticator: {
        secret: offered.authenticator.secret,
        code: totpCode(offered.authenticator.secret, stepAt(t.clock.now())),
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await t.post('/api/staff/invitations/open', { token: newerToken })).statusCode).toBe(404);
    expect(await setupLinkIfNoAccounts(t.subject.database.db, t.subject.config, t.clock.now)).toBeUndefined();
  });
});
