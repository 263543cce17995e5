import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { softwarePasskey } from '../../../../tests/support/software-passkey';
import { joinAsStaff, type JoinedStaff } from '../../../../tests/support/staff';
import type { AccessLogPage } from '../../../shared/access-log/access-log';

const KEY = 'step-up-key-0123456789abcdefghijkl';
const minutes = (n: number) => n * 60_000;

/**
 * Finding 5 of issue 36: an open session alone could change how its account signs in, other
 * sessions survived and nobody was told. Each change now needs a proof of the last ten minutes.
 */
describe('step-up before changing how an account signs in (issue 36)', () => {
  let subject: TestApp;
  let at = Date.UTC(2026, 10, 27, 9, 0, 0);
  const now = () => new Date(at);
  const advance = (ms: number) => (at += ms);
  let person: JoinedStaff;
  let address = 0;

  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@example.test' },
      clock: now,
    });
    person = await joinAsStaff(
      subject,
      { 'x-api-key': KEY },
      {
        email: 'pat@example.test',
        roles: ['editor'],
        name: 'Pat Person',
        at: now(),
      },
    );
  });
  afterAll(() => subject.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    subject.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      payload,
      remoteAddress: `10.7.0.${++address}`,
    });
  /** Each app code works once: the clock moves to the next step before each. */
  const nextCode = () => {
    advance(30_000);
    return person.code(now());
  };
  const changeMails = async () =>
    (
      await subject.database.db
        .selectFrom('email_outbox')
        .select(['recipient', 'body'])
        .where('kind', '=', 'sign-in-changed')
        .orderBy('id')
        .execute()
    ).map((mail) => `${mail.recipient}: ${mail.body.split('\n')[2]}`);
  const ownLog = async () =>
    (
      (
        await send('GET', `/api/admin/access-log?actor=account:${person.id}`, { 'x-api-key': KEY })
      ).json() as AccessLogPage
    ).items.map((entry) => `${entry.action} ${entry.outcome}`);
  /** A second session of the same account, as from another device: password, then the app's code. */
  const otherSession = async () => {
    const first = await send('POST', '/api/staff/sign-in', {}, { email: person.email, password: person.password });
    const { challenge } = first.json() as { challenge: string };
    const signedIn = await send('POST', '/api/staff/sign-in/code', {}, { challenge, code: nextCode() });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    return { cookie: `admin_session=${signedIn.cookies.find((c) => c.name === 'admin_session')!.value}` };
  };
  const stepUpWithPassword = async () => {
    const started = await send('POST', '/api/admin/staff/me/step-up/password', person.headers, {
      password: person.password,
    });
    expect(started.json()).toMatchObject({ next: 'authenticator-app' });
    const done = await send('POST', '/api/admin/staff/me/step-up/code', person.headers, {
      challenge: (started.json() as { challenge: string }).challenge,
      code: nextCode(),
    });
    expect(done.statusCode, done.body).toBe(204);
  };
  const device = softwarePasskey();

  it('refuses every change from a session whose proof is older than ten minutes, and changes nothing', async () => {
    advance(minutes(11));
    const attempts = [
      send('PUT', '/api/admin/staff/me/password', person.headers, { password: 'green teapot on the windowsill' }),
      send('PUT', '/api/admin/staff/me/authenticator', person.headers, { secret: 'A'.repeat(32), code: '123456' }),
      send('POST', '/api/admin/staff/me/passkeys/options', person.headers),
      send('POST', '/api/admin/staff/me/passkeys', person.headers, {
        challenge: 'x',
        answer: device.register({ challenge: 'x' }),
      }),
      send('DELETE', '/api/admin/staff/me/passkeys/1', person.headers),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    }
    expect(await changeMails()).toEqual([]);
    // The old password still signs in.
    expect(
      (await send('POST', '/api/staff/sign-in', {}, { email: person.email, password: person.password })).statusCode,
    ).toBe(200);
  });

  it('takes a password and an app code as a proof, refusing wrong ones with the field at fault', async () => {
    const wrong = await send('POST', '/api/admin/staff/me/step-up/password', person.headers, {
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'password' });
    const started = await send('POST', '/api/admin/staff/me/step-up/password', person.headers, {
      password: person.password,
    });
    const { challenge } = started.json() as { challenge: string };
    const badCode = await send('POST', '/api/admin/staff/me/step-up/code', person.headers, {
      challenge,
      code: '000000',
    });
    expect(badCode.json()).toMatchObject({ field: 'code' });
    // A step-up's challenge never signs anyone in.
    const asSignIn = await send('POST', '/api/staff/sign-in/code', {}, { challenge, code: nextCode() });
    expect(asSignIn.statusCode).toBe(401);
    await stepUpWithPassword();
    expect(await ownLog()).toEqual(expect.arrayContaining(['account.step-up refused', 'account.step-up ok']));
  });

  it('adds a passkey once proved, mails the person, records it, and answers 409 to the same passkey again', async () => {
    const options = await send('POST', '/api/admin/staff/me/passkeys/options', person.headers);
    expect(options.statusCode, options.body).toBe(200);
    const ceremony = options.json() as { challenge: string; options: { challenge: string } };
    const added = await send('POST', '/api/admin/staff/me/passkeys', person.headers, {
      challenge: ceremony.challenge,
      answer: device.register(ceremony.options),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await changeMails()).toEqual([
      'pat@example.test: A passkey was added to your account. (Northstar Tutors staff area)',
    ]);
    expect(await ownLog()).toContain('account.passkey-add ok');

    const again = (
      await send('POST', '/api/admin/staff/me/passkeys/options', person.headers)
    ).json() as typeof ceremony;
    const duplicate = await send('POST', '/api/admin/staff/me/passkeys', person.headers, {
      challenge: again.challenge,
      answer: device.register(again.options),
    });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json().error).toMatch(/already registered/);
  });

  it('changes the password once proved: the other sessions end, this one stays, the person is told', async () => {
    const other = await otherSession();
    expect((await send('GET', '/api/admin/blog', other)).statusCode).toBe(200);
    const changed = await send('PUT', '/api/admin/staff/me/password', person.headers, {
      password: 'green teapot on the windowsill',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await send('GET', '/api/admin/blog', other)).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/blog', person.headers)).statusCode).toBe(200);
    expect((await changeMails()).at(-1)).toMatch(/^pat@example.test: Your password was changed/);
    person.password = 'green teapot on the windowsill';
  });

  it('takes one of the person’s passkeys as a proof, then removes one (mailed and recorded)', async () => {
    advance(minutes(11));
    expect((await send('DELETE', '/api/admin/staff/me/passkeys/1', person.headers)).statusCode).toBe(403);
    // Someone else's passkey is no proof of this person.
    const stranger = softwarePasskey();
    const options = (await send('POST', '/api/admin/staff/me/step-up/passkey/options', person.headers)).json() as {
      challenge: string;
      options: { challenge: string };
    };
    const refused = await send('POST', '/api/admin/staff/me/step-up/passkey', person.headers, {
      challenge: options.challenge,
      answer: stranger.sign(options.options),
    });
    expect(refused.statusCode).toBe(400);
    const again = (
      await send('POST', '/api/admin/staff/me/step-up/passkey/options', person.headers)
    ).json() as typeof options;
    const proved = await send('POST', '/api/admin/staff/me/step-up/passkey', person.headers, {
      challenge: again.challenge,
      answer: device.sign(again.options),
    });
    expect(proved.statusCode, proved.body).toBe(204);
    const [key] = (await send('GET', '/api/admin/staff/me/passkeys', person.headers)).json() as { id: number }[];
    expect((await send('DELETE', `/api/admin/staff/me/passkeys/${key!.id}`, person.headers)).statusCode).toBe(204);
    expect((await changeMails()).at(-1)).toMatch(/A passkey was removed/);
    expect(await ownLog()).toContain('account.passkey-remove ok');
  });

  it('signs out everywhere else on request', async () => {
    const other = await otherSession();
    const ended = await send('POST', '/api/admin/staff/me/sign-out-others', person.headers);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await send('GET', '/api/admin/blog', other)).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/blog', person.headers)).statusCode).toBe(200);
    expect(await ownLog()).toContain('account.sign-out-others ok');
  });
});
