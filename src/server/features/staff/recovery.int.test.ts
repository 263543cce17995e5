import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';
import { waitFor } from '../../../../tests/support/smtp';
import { joinAsStaff, STAFF_PASSWORD } from '../../../../tests/support/staff';
import { RECOVERY_LINK_ENDED, RECOVERY_REQUESTED } from '../../../shared/staff/recovery';

const KEY = 'recovery-key-0123456789abcdef0123';
const NEW_PASSWORD = 'green teapot on the windowsill';
/** A six-digit code that is not the right one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function setUp() {
  const clock = movableClock(Date.UTC(2026, 10, 28, 9, 0, 0));
  const subject = await createTestApp({
    env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' },
    clock: clock.now,
  });
  let address = 0;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, from?: string) =>
    subject.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: from ?? `10.38.${Math.floor(++address / 250)}.${address % 250}`,
    });
  const disable = (id: number) =>
    subject.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/accounts/${id}`,
      payload: { disabled: true },
      headers: { 'x-api-key': KEY },
    });
  const db = subject.database.db;
  const mails = (kind: string, to: string) =>
    db
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', kind)
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .execute();
  /** The link of the newest recovery mail to `to`, once the work after the answer has queued it. */
  const mailedToken = async (to: string, kind = 'sign-in-recovery', after = 0) => {
    await waitFor(async () => (await mails(kind, to)).length > after);
    return /\/admin\/recover#([\w-]{43})/.exec((await mails(kind, to))[0]!.body)![1]!;
  };
  const mailedCode = async (to: string) => /is:\n\n(\d{6})\n/.exec((await mails('sign-in-code', to))[0]!.body)![1]!;
  /** Someone with codes by e-mail (no authenticator app), signed in. */
  const joinWithMailedCodes = async (email: string, name: string, roles: string[] = ['editor']) => {
    const invited = await post('/api/admin/staff/invitations', { email, roles }, { 'x-api-key': KEY });
    const token = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
    const accepted = await post('/api/staff/invitations/accept', { token, name, password: STAFF_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const cookie = accepted.cookies.find((each) => each.name === 'admin_session')!.value;
    return { id: (accepted.json() as { who: { id: number } }).who.id, email, cookie: `admin_session=${cookie}` };
  };
  const signedIn = async (cookie: string) =>
    (await subject.app.inject({ url: '/api/admin/staff/me', headers: { cookie } })).statusCode === 200;
  const passwordWorks = async (email: string, password: string) =>
    (await post('/api/staff/sign-in', { email, password })).statusCode === 200;
  const logged = (action: string) =>
    db.selectFrom('access_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  return {
    subject,
    clock,
    post,
    disable,
    db,
    mails,
    mailedToken,
    mailedCode,
    joinWithMailedCodes,
    signedIn,
    passwordWorks,
    logged,
  };
}

describe('"Forgot your password?" (issue 38, decision 0058 "Recovery")', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp();
  });
  afterAll(() => t.subject.close());

  it('answers the same for an unknown address, a leaver and a person, and mails only the person', async () => {
    const person = await t.joinWithMailedCodes('rita@example.test', 'Rita Recover');
    const leaver = await t.joinWithMailedCodes('leo@example.test', 'Leo Leaver');
    expect((await t.disable(leaver.id)).statusCode).toBe(200);
    const unknown = await t.post('/api/staff/recovery', { email: 'nobody@example.test' });
    const left = await t.post('/api/staff/recovery', { email: 'leo@example.test' });
    const known = await t.post('/api/staff/recovery', { email: 'Rita@Example.test' });
    for (const answer of [unknown, left, known]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: RECOVERY_REQUESTED });
    }
    await t.mailedToken(person.email);
    // The work after each answer has run (closing waits for it too); nothing went to the others.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.mails('sign-in-recovery', 'leo@example.test')).toHaveLength(0);
    expect(await t.mails('sign-in-recovery', 'nobody@example.test')).toHaveLength(0);
    expect((await t.db.selectFrom('staff_recovery_links').selectAll().execute()).map((row) => row.account_id)).toEqual([
      person.id,
    ]);
    // Only its hash is kept.
    const token = await t.mailedToken(person.email);
    expect(JSON.stringify(await t.db.selectFrom('staff_recovery_links').selectAll().execute())).not.toContain(token);
  });

  it(
    'changes the password only with the e-mailed code, then ends every session and spends the link',
    { timeout: 30_000 },
    async () => {
      const person = await t.joinWithMailedCodes('paula@example.test', 'Paula Person');
      // A step-up proof and a sign-in half-way, besides the session: all of them end.
      const halfWay = await t.post('/api/staff/sign-in', { email: person.email, password: STAFF_PASSWORD });
      expect(halfWay.statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await t.post('/api/staff/recovery', { email: person.email })).statusCode).toBe(202);
      const token = await t.mailedToken(person.email);

      const opened = await t.post('/api/staff/recovery/open', { token });
      expect(opened.statusCode, opened.body).toBe(200);
      const view = opened.json() as { kind: string; next: string; challenge: string; email: string };
      expect(view).toMatchObject({ kind: 'forgot', next: 'email-code', email: person.email });
      const code = await t.mailedCode(person.email);

      // A weak password is refused before the code is spent.
      const weak = await t.post('/api/staff/recovery/complete', {
        token,
        challenge: view.challenge,
        code,
        password: 'password1234',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ field: 'password' });
      // A wrong code changes nothing, takes a place in the account's codes budget and is recorded.
      const wrong = await t.post('/api/staff/recovery/complete', {
        token,
        challenge: view.challenge,
        code: otherThan(code),
        password: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ field: 'code' });
      const budget = await t.db
        .selectFrom('sign_in_budgets')
        .selectAll()
        .where('key', '=', `codes|${person.id}`)
        .executeTakeFirstOrThrow();
      expect(budget.used).toBe(1);
      expect((await t.logged('account.recover')).map((entry) => entry.outcome)).toEqual(['refused']);
      expect(await t.signedIn(person.cookie)).toBe(true);
      expect(await t.passwordWorks(person.email, STAFF_PASSWORD)).toBe(true);

      const done = await t.post('/api/staff/recovery/complete', {
        token,
        challenge: view.challenge,
        code,
        password: NEW_PASSWORD,
      });
      expect(done.statusCode, done.body).toBe(201);
      // Signed in here; signed out everywhere else; sign-ins half-way ended.
      const cookie = `admin_session=${done.cookies.find((each) => each.name === 'admin_session')!.value}`;
      expect(await t.signedIn(cookie)).toBe(true);
      expect(await t.signedIn(person.cookie)).toBe(false);
      const halfWayCode = await t.post('/api/staff/sign-in/code', {
        challenge: (halfWay.json() as { challenge: string }).challenge,
        code: '000000',
      });
      expect(halfWayCode.json().error).toMatch(/sign-in has ended/);
      expect(await t.passwordWorks(person.email, STAFF_PASSWORD)).toBe(false);
      expect(await t.passwordWorks(person.email, NEW_PASSWORD)).toBe(true);
      expect((await t.logged('account.recover'))[0]).toMatchObject({ outcome: 'ok', actor_id: person.id });
      expect(await t.mails('sign-in-changed', person.email)).toHaveLength(1);

      // The link works once.
      for (const again of [
        await t.post('/api/staff/recovery/open', { token }),
        await t.post('/api/staff/recovery/complete', {
          token,
          challenge: view.challenge,
          code,
          password: NEW_PASSWORD,
        }),
      ]) {
        expect(again.statusCode).toBe(404);
        expect(again.json().error).toBe(RECOVERY_LINK_ENDED);
      }
    },
  );

  it('asks for the authenticator app’s code when the person has one', async () => {
    t.clock.advance(60 * 60_000);
    const person = await joinAsStaff(
      t.subject,
      { 'x-api-key': KEY },
      {
        email: 'arthur@example.test',
        roles: ['editor'],
        name: 'Arthur App',
        at: t.clock.now(),
      },
    );
    await t.post('/api/staff/recovery', { email: person.email });
    const token = await t.mailedToken(person.email);
    const view = (await t.post('/api/staff/recovery/open', { token })).json() as { next: string; challenge: string };
    expect(view.next).toBe('authenticator-app');
    expect(await t.mails('sign-in-code', person.email)).toHaveLength(0);
    t.clock.advance(30_000);
    const wrong = await t.post('/api/staff/recovery/complete', {
      token,
      challenge: view.challenge,
      code: otherThan(person.code(t.clock.now())),
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    const done = await t.post('/api/staff/recovery/complete', {
      token,
      challenge: view.challenge,
      code: person.code(t.clock.now()),
      password: NEW_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect((await t.subject.app.inject({ url: '/api/admin/staff/me', headers: person.headers })).statusCode).toBe(401);
  });

  it('refuses a link after its hour, a link after a newer one, and a link of a leaver', async () => {
    t.clock.advance(60 * 60_000);
    const person = await t.joinWithMailedCodes('olga@example.test', 'Olga Old');
    await t.post('/api/staff/recovery', { email: person.email });
    const first = await t.mailedToken(person.email);
    expect((await t.post('/api/staff/recovery/open', { token: first })).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1);
    const late = await t.post('/api/staff/recovery/open', { token: first });
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toBe(RECOVERY_LINK_ENDED);

    await t.post('/api/staff/recovery', { email: person.email });
    const second = await t.mailedToken(person.email, 'sign-in-recovery', 1);
    await t.post('/api/staff/recovery', { email: person.email });
    const third = await t.mailedToken(person.email, 'sign-in-recovery', 2);
    expect((await t.post('/api/staff/recovery/open', { token: second })).statusCode).toBe(404);
    expect((await t.post('/api/staff/recovery/open', { token: third })).statusCode).toBe(200);

    expect((await t.disable(person.id)).statusCode).toBe(200);
    expect((await t.post('/api/staff/recovery/open', { token: third })).statusCode).toBe(404);
  });

  it('limits requests per address typed and per address they come from, even 40 at once', async () => {
    t.clock.advance(2 * 60 * 60_000);
    // 40 for one address typed, from 40 places: three go on, whether or not it has an account.
    for (const email of ['rita@example.test', 'ghost@example.test']) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.post('/api/staff/recovery', { email }, {}, `10.40.${i}.1`)),
      );
      expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(37);
      expect(refused[0]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    }
    // 40 addresses typed from one IPv6 /64 (each request from another address in it): five go on.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.post('/api/staff/recovery', { email: `guess${i}@example.test` }, {}, `2001:db8:38:1::${i + 1}`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(5);
    // Another /64 is not held up.
    expect((await t.post('/api/staff/recovery', { email: 'x@example.test' }, {}, '2001:db8:38:2::1')).statusCode).toBe(
      202,
    );
  });
});

describe('"Send a new code" on the e-mailed code step (issue 38)', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp();
  });
  afterAll(() => t.subject.close());

  it('mails a fresh code, ends the old one, and stops at the account’s budget of mailed codes', async () => {
    const person = await t.joinWithMailedCodes('nina@example.test', 'Nina New');
    const first = await t.post('/api/staff/sign-in', { email: person.email, password: STAFF_PASSWORD });
    const { challenge } = first.json() as { challenge: string };
    const oldCode = await t.mailedCode(person.email);
    const again = await t.post('/api/staff/sign-in/code/again', { challenge });
    expect(again.statusCode, again.body).toBe(200);
    const next = (again.json() as { challenge: string }).challenge;
    expect(next).not.toBe(challenge);
    const newCode = await t.mailedCode(person.email);
    expect((await t.post('/api/staff/sign-in/code', { challenge, code: oldCode })).statusCode).toBe(401);
    expect((await t.post('/api/staff/sign-in/code/again', { challenge })).statusCode).toBe(401);

    // Five codes a quarter of an hour, however many presses arrive at once.
    const presses = await Promise.all(
      Array.from({ length: 40 }, () => t.post('/api/staff/sign-in/code/again', { challenge: next })),
    );
    const granted = presses.filter((press) => press.statusCode === 200);
    expect(granted.length).toBeLessThanOrEqual(1);
    expect(await t.mails('sign-in-code', person.email)).toHaveLength(2 + granted.length);
    let latest = granted.length === 1 ? (granted[0]!.json() as { challenge: string }).challenge : next;
    for (let mailed = 2 + granted.length; mailed < 5; mailed += 1) {
      const press = await t.post('/api/staff/sign-in/code/again', { challenge: latest });
      expect(press.statusCode, press.body).toBe(200);
      latest = (press.json() as { challenge: string }).challenge;
    }
    const over = await t.post('/api/staff/sign-in/code/again', { challenge: latest });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', field: 'code' });
    expect(await t.mails('sign-in-code', person.email)).toHaveLength(5);
    // The newest code still signs in; one before it does not.
    expect(newCode).toMatch(/^\d{6}$/);
    const signed = await t.post('/api/staff/sign-in/code', {
      challenge: latest,
      code: await t.mailedCode(person.email),
    });
    expect(signed.statusCode, signed.body).toBe(201);
  });
});

describe('an owner’s "Reset sign-in" (issue 38)', { timeout: 60_000 }, () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp();
  });
  afterAll(() => t.subject.close());

  it(
    'is for owners, ends the person’s sessions at once, and lets them set a new password once',
    { timeout: 30_000 },
    async () => {
      const owner = await joinAsStaff(
        t.subject,
        { 'x-api-key': KEY },
        {
          email: 'owen@example.test',
          roles: ['owner'],
          name: 'Owen Owner',
          at: t.clock.now(),
        },
      );
      const person = await t.joinWithMailedCodes('rose@example.test', 'Rose Reset', ['editor', 'enquiries']);
      const url = `/api/admin/staff/accounts/${person.id}/reset-sign-in`;
      // Not for the person themselves, nor for anyone who is not an owner, nor for an owner's own account.
      const notOwner = await t.post(url, {}, { cookie: person.cookie, 'x-csrf-token': 'x' });
      expect([401, 403]).toContain(notOwner.statusCode);
      expect((await t.post(`/api/admin/staff/accounts/${owner.id}/reset-sign-in`, {}, owner.headers)).statusCode).toBe(
        400,
      );
      expect((await t.post('/api/admin/staff/accounts/999/reset-sign-in', {}, owner.headers)).statusCode).toBe(404);

      const reset = await t.post(url, {}, owner.headers);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({ mailed: true });
      expect(await t.signedIn(person.cookie)).toBe(false);
      const token = await t.mailedToken(person.email, 'sign-in-reset');
      expect((await t.mails('sign-in-reset', person.email))[0]!.body).toContain('Owen Owner has reset');
      expect((await t.logged('account.reset-sign-in'))[0]).toMatchObject({
        actor_id: owner.id,
        target_kind: 'account',
        target_id: String(person.id),
      });
      // A reset link is not a forgot link: no code asked, and the old password still works until it is used.
      const view = (await t.post('/api/staff/recovery/open', { token })).json() as { kind: string; email: string };
      expect(view).toMatchObject({ kind: 'reset', email: person.email });
      expect(
        (
          await t.post('/api/staff/recovery/complete', {
            token,
            challenge: 'x',
            code: '123456',
            password: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(404);
      const meanwhile = await t.post('/api/staff/sign-in', { email: person.email, password: STAFF_PASSWORD });
      const meanwhileCode = await t.mailedCode(person.email);
      const meanwhileSession = await t.post('/api/staff/sign-in/code', {
        challenge: (meanwhile.json() as { challenge: string }).challenge,
        code: meanwhileCode,
      });
      const meanwhileCookie = `admin_session=${meanwhileSession.cookies.find((each) => each.name === 'admin_session')!.value}`;

      const done = await t.post('/api/staff/recovery/reset', { token, password: NEW_PASSWORD });
      expect(done.statusCode, done.body).toBe(201);
      expect(await t.signedIn(meanwhileCookie)).toBe(false);
      expect(await t.passwordWorks(person.email, STAFF_PASSWORD)).toBe(false);
      expect(await t.passwordWorks(person.email, NEW_PASSWORD)).toBe(true);
      expect((await t.logged('account.reset-accept'))[0]).toMatchObject({ actor_id: person.id });
      const twice = await t.post('/api/staff/recovery/reset', { token, password: NEW_PASSWORD });
      expect(twice.statusCode).toBe(404);
      expect(twice.json().error).toBe(RECOVERY_LINK_ENDED);
      // Roles are untouched.
      const account = await t.db
        .selectFrom('staff_accounts')
        .selectAll()
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(account.roles).toBe('enquiries,editor');
    },
  );

  it('refuses a disabled account', async () => {
    const owner = { 'x-api-key': KEY };
    const person = await t.joinWithMailedCodes('dora@example.test', 'Dora Disabled');
    expect((await t.disable(person.id)).statusCode).toBe(200);
    const reset = await t.post(`/api/admin/staff/accounts/${person.id}/reset-sign-in`, {}, owner);
    expect(reset.statusCode).toBe(409);
    expect(await t.mails('sign-in-reset', person.email)).toHaveLength(0);
  });
});

describe('no recovery token in the service log (issue 38)', { timeout: 60_000 }, () => {
  it(
    'runs a forgot link and an owner’s reset link to the end and logs every request without its token',
    { timeout: 30_000 },
    async () => {
      let logged = '';
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      });
      const clock = movableClock(Date.UTC(2026, 10, 28, 9, 0, 0));
      const subject = await createTestApp({
        env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' },
        clock: clock.now,
        logStream,
      });
      try {
        const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
          subject.app.inject({ method: 'POST', url, payload, headers });
        const person = await joinAsStaff(
          subject,
          { 'x-api-key': KEY },
          {
            email: 'lena@example.test',
            roles: ['editor'],
            name: 'Lena Log',
            at: clock.now(),
          },
        );
        const newestBody = async (kind: string) => {
          await waitFor(async () =>
            Boolean(
              await subject.database.db
                .selectFrom('email_outbox')
                .select('id')
                .where('kind', '=', kind)
                .executeTakeFirst(),
            ),
          );
          const row = await subject.database.db
            .selectFrom('email_outbox')
            .select('body')
            .where('kind', '=', kind)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          return /#([\w-]{43})/.exec(row.body)![1]!;
        };
        expect((await post('/api/staff/recovery', { email: person.email })).statusCode).toBe(202);
        const forgot = await newestBody('sign-in-recovery');
        const view = (await post('/api/staff/recovery/open', { token: forgot })).json() as { challenge: string };
        clock.advance(30_000);
        const done = await post('/api/staff/recovery/complete', {
          token: forgot,
          challenge: view.challenge,
          code: person.code(clock.now()),
          password: NEW_PASSWORD,
        });
        expect(done.statusCode, done.body).toBe(201);

        const other = await t2Join(subject);
        expect(
          (await post(`/api/admin/staff/accounts/${other}/reset-sign-in`, {}, { 'x-api-key': KEY })).statusCode,
        ).toBe(200);
        const reset = await newestBody('sign-in-reset');
        expect((await post('/api/staff/recovery/open', { token: reset })).statusCode).toBe(200);
        expect((await post('/api/staff/recovery/passkey/options', { token: reset })).statusCode).toBe(200);
        expect((await post('/api/staff/recovery/reset', { token: reset, password: NEW_PASSWORD })).statusCode).toBe(
          201,
        );

        const paths = logged
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { msg: string; path?: string })
          .filter((line) => line.msg === 'request')
          .map((line) => line.path);
        expect(paths).toEqual(
          expect.arrayContaining([
            '/api/staff/recovery/open',
            '/api/staff/recovery/complete',
            '/api/staff/recovery/reset',
          ]),
        );
        expect(logged).not.toContain(forgot);
        expect(logged).not.toContain(reset);
        expect(logged).not.toMatch(/[\w-]{43}/);
      } finally {
        await subject.close();
      }
    },
  );
});

/** A second account, made with the key, by the same helper: its id. */
async function t2Join(subject: Awaited<ReturnType<typeof createTestApp>>): Promise<number> {
  const joined = await joinAsStaff(
    subject,
    { 'x-api-key': KEY },
    {
      email: 'mo@example.test',
      roles: ['enquiries'],
      name: 'Mo Other',
      at: new Date(Date.UTC(2026, 10, 28, 9, 0, 0)),
    },
  );
  return joined.id;
}
