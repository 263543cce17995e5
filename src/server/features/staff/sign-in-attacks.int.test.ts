import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { signInLimits } from '../../auth/sign-in-budgets';
import { stepAt, totpCode } from '../../auth/totp';

const KEY = 'sign-in-attacks-key-0123456789abcdef';
const strongPassword = 'blue kettle under the stairs';
/** A six-digit code that is not the right one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The attacks of issue 36 on signing in, each as it was shown, now failing to get through
 * (decision 0058, "Budgets and the access log"). Every test uses accounts and addresses of its
 * own, so one test's budgets never decide another's.
 */
describe('signing in holds against a determined attacker', () => {
  let subject: TestApp;
  let at = Date.UTC(2026, 10, 27, 9, 0, 0);
  const clock = () => new Date(at);
  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'office@northstar.test' },
      clock,
    });
    await join('olivia.owner@example.test', ['owner']);
  });
  afterAll(() => subject.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    subject.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const signIn = (email: string, password: string, remoteAddress: string) =>
    post('/api/staff/sign-in', { email, password }, remoteAddress);

  /** An account made through an invitation, with a password and an authenticator app. */
  async function join(email: string, roles: string[]) {
    const invited = await post('/api/admin/staff/invitations', { email, roles }, '10.99.0.1', { 'x-api-key': KEY });
    const token = /#([\w-]{43})$/.exec((invited.json() as { link: string }).link)![1]!;
    const view = await post('/api/staff/invitations/open', { token }, '10.99.0.2');
    const { secret } = (view.json() as { authenticator: { secret: string } }).authenticator;
    const accepted = await post(
      '/api/staff/invitations/accept',
      {
        token,
        name: email,
        password: strongPassword,
        authenticator: { secret, code: totpCode(secret, stepAt(clock())) },
      },
      '10.99.0.3',
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The acceptance used this step's code; the next sign-in's must be a later one.
    at += 30_000;
    return { email, secret };
  }
  const alerts = () =>
    subject.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'subject', 'body'])
      .where('kind', '=', 'sign-in-alert')
      .orderBy('id')
      .execute();

  it(
    'judges no more than the budget of 40 parallel passwords from one address for one account',
    { timeout: 60_000 },
    async () => {
      const { email } = await join('parallel@example.test', ['editor']);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          signIn(email, n === 39 ? strongPassword : `wrong guess number ${n}`, '203.0.113.40'),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      const judged = statuses.filter((status) => status !== 429);
      // Without budgets taken before hashing, all 40 were hashed and 11 answered.
      expect(judged.length, JSON.stringify(statuses)).toBeLessThanOrEqual(signInLimits.password.freePlaces);
      expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    },
  );

  it(
    'judges no more than the address’s budget of 40 parallel passwords for 40 addresses typed',
    { timeout: 60_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => signIn(`someone-${n}@example.test`, `guess ${n}`, '203.0.113.41')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(signInLimits.address.places);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - signInLimits.address.places);
    },
  );

  it('counts passwords from one IPv6 /64 as one address', { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      statuses.push((await signIn(`v6-${n}@example.test`, 'guess', `2001:db8:99:1:${n.toString(16)}::1`)).statusCode);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429, 429]);
    expect((await signIn('v6-13@example.test', 'guess', '2001:db8:99:2::1')).statusCode).toBe(401);
  });

  it(
    'cuts wrong codes off at the account’s budget, from every address, and then refuses the right code until it frees',
    { timeout: 120_000 },
    async () => {
      const person = await join('coded@example.test', ['enquiries']);
      const before = (await alerts()).length;
      const answers: number[] = [];
      // Twelve addresses, each giving the right password then five wrong codes, twice over.
      for (let round = 0; round < 2; round += 1) {
        for (let n = 0; n < 12; n += 1) {
          const address = `198.51.100.${10 + n}`;
          const first = await signIn(person.email, strongPassword, address);
          expect(first.statusCode, first.body).toBe(200);
          const { challenge } = first.json() as { challenge: string };
          const wrong = otherThan(totpCode(person.secret, stepAt(clock())));
          for (let i = 0; i < 5; i += 1) {
            answers.push((await post('/api/staff/sign-in/code', { challenge, code: wrong }, address)).statusCode);
          }
        }
      }
      expect(answers.filter((status) => status === 401)).toHaveLength(signInLimits.codes.places);
      expect(answers.filter((status) => status === 429)).toHaveLength(120 - signInLimits.codes.places);

      // The right code, from a fresh address: refused while the budget is spent.
      const fresh = await signIn(person.email, strongPassword, '198.51.100.99');
      const { challenge } = fresh.json() as { challenge: string };
      const right = await post(
        '/api/staff/sign-in/code',
        { challenge, code: totpCode(person.secret, stepAt(clock())) },
        '198.51.100.99',
      );
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'RATE_LIMITED', field: 'code' });
      expect(right.json().error).toMatch(/passkey/);

      // One mail, to the person and to the owners, however many codes went on being tried.
      const mails = (await alerts()).slice(before);
      expect(mails.map((mail) => mail.recipient).sort()).toEqual(['coded@example.test', 'olivia.owner@example.test']);
      expect(mails.find((mail) => mail.recipient === 'coded@example.test')!.body).toMatch(/your account/);
      for (const mail of mails) expect(mail.body).not.toMatch(/\d{6}/);

      // An hour on, the budget is whole again and the right code signs in.
      at += signInLimits.codes.windowMs;
      const later = await signIn(person.email, strongPassword, '198.51.100.98');
      const next = (later.json() as { challenge: string }).challenge;
      const signedIn = await post(
        '/api/staff/sign-in/code',
        { challenge: next, code: totpCode(person.secret, stepAt(clock())) },
        '198.51.100.98',
      );
      expect(signedIn.statusCode, signedIn.body).toBe(201);
    },
  );

  it(
    'does not let 22 wrong passwords from three addresses keep the owner out, and tells the owners once',
    { timeout: 60_000 },
    async () => {
      const owner = await join('kept-in@example.test', ['owner']);
      const before = (await alerts()).length;
      const statuses: number[] = [];
      for (let n = 0; n < 22; n += 1) {
        statuses.push((await signIn(owner.email, `stranger's guess ${n}`, `192.0.2.${50 + (n % 3)}`)).statusCode);
      }
      // The strangers' guesses wait (the back-off), rather than the owner.
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(10);
      const inside = await signIn(owner.email, strongPassword, '192.0.2.60');
      expect(inside.statusCode, inside.body).toBe(200);
      const signedIn = await post(
        '/api/staff/sign-in/code',
        {
          challenge: (inside.json() as { challenge: string }).challenge,
          code: totpCode(owner.secret, stepAt(clock())),
        },
        '192.0.2.60',
      );
      expect(signedIn.statusCode).toBe(201);
      const mails = (await alerts()).slice(before);
      expect(mails.map((mail) => mail.recipient).sort()).toEqual(['kept-in@example.test', 'olivia.owner@example.test']);
      expect(mails[0]!.body).toMatch(/wrong passwords/);
      // Behind a stranger's own address, the owner waits seconds, not a quarter of an hour.
      const behind = await signIn(owner.email, strongPassword, '192.0.2.50');
      if (behind.statusCode === 429) {
        const waitSeconds = Number(behind.headers['retry-after']);
        expect(waitSeconds).toBeLessThanOrEqual(signInLimits.password.longestWaitMs / 1000);
        at += waitSeconds * 1000;
        expect((await signIn(owner.email, strongPassword, '192.0.2.50')).statusCode).toBe(200);
      } else {
        expect(behind.statusCode).toBe(200);
      }
    },
  );

  it(
    'answers a real sign-in while 100 wrong passwords from ten addresses arrive, never 503',
    { timeout: 120_000 },
    async () => {
      const person = await join('busy-day@example.test', ['editor']);
      const flood = (email: (n: number) => string) =>
        Array.from({ length: 100 }, (_, n) => signIn(email(n), `flood guess ${n}`, `172.16.${n % 10}.1`));
      // The same account: its back-off keeps the flood from the hashing at all.
      const sameAccount = await Promise.all([
        ...flood(() => person.email),
        signIn(person.email, strongPassword, '172.16.99.1'),
      ]);
      expect(sameAccount.at(-1)!.statusCode, sameAccount.at(-1)!.body).toBe(200);
      // A hundred addresses typed: the real one, from a clean address, waits in the first queue.
      at += signInLimits.address.windowMs;
      const manyAccounts = await Promise.all([
        ...flood((n) => `flood-${n}@example.test`),
        signIn(person.email, strongPassword, '172.16.99.2'),
      ]);
      expect(manyAccounts.at(-1)!.statusCode, manyAccounts.at(-1)!.body).toBe(200);
    },
  );

  it('makes guesses at the current password on Your account take the same places', { timeout: 60_000 }, async () => {
    const person = await join('own-guess@example.test', ['editor']);
    const first = await signIn(person.email, strongPassword, '192.0.2.90');
    const done = await post(
      '/api/staff/sign-in/code',
      { challenge: (first.json() as { challenge: string }).challenge, code: totpCode(person.secret, stepAt(clock())) },
      '192.0.2.90',
    );
    const cookie = `admin_session=${done.cookies.find(({ name }) => name === 'admin_session')!.value}`;
    const headers = { cookie, 'x-csrf-token': (done.json() as { csrfToken: string }).csrfToken };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        subject.app.inject({
          method: 'PUT',
          url: '/api/admin/staff/me/password',
          headers,
          payload: { current: `a guess at it ${n}`, password: 'green teapot on the windowsill' },
          remoteAddress: '192.0.2.91',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The account's five, not twelve hashes; the rest wait.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(signInLimits.password.freePlaces);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      12 - signInLimits.password.freePlaces,
    );
  });
});
