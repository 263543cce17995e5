import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

const KEY = 'passkeys-test-key-0123456789abcdef';

/** An answer of the right shape that no authenticator made. */
const forgedAnswer = (id = 'AAAA') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'AAAA' },
  clientExtensionResults: {},
});

// The whole ceremonies run in Chromium with its virtual authenticator (tests/e2e); here, what a
// stranger can send without one.
describe('passkeys (decision 0058): what the server refuses', () => {
  let subject: TestApp;
  let address = 0;
  beforeAll(async () => {
    subject = await createTestApp({
      env: { ADMIN_API_KEY: KEY, SMTP_URL: 'smtp://127.0.0.1:2525', NOTIFY_EMAIL: 'o@example.test' },
    });
  });
  afterAll(() => subject.close());
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: `10.8.0.${++address}`,
    });

  it('offers a sign-in ceremony for this site that needs the device’s own check', async () => {
    const answer = await post('/api/staff/sign-in/passkey/options', {});
    expect(answer.statusCode).toBe(200);
    const { challenge, options } = answer.json() as { challenge: string; options: Record<string, unknown> };
    expect(challenge).toMatch(/^[\w-]{43}$/);
    expect(options).toMatchObject({ rpId: 'www.example.test', userVerification: 'required' });
  });

  it('refuses a forged or misdirected answer with 401, and a malformed one with 400 naming the field', async () => {
    const { challenge } = (await post('/api/staff/sign-in/passkey/options', {})).json() as { challenge: string };
    const forged = await post('/api/staff/sign-in/passkey', { challenge, answer: forgedAnswer() });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const noChallenge = await post('/api/staff/sign-in/passkey', { challenge: 'x'.repeat(43), answer: forgedAnswer() });
    expect(noChallenge.statusCode).toBe(401);
    for (const [payload, field] of [
      [{ challenge, answer: { ...forgedAnswer(), type: 'password' } }, 'answer.type'],
      [{ challenge, answer: { ...forgedAnswer(), id: 'not base64url!' } }, 'answer.id'],
      [{ challenge, answer: { ...forgedAnswer(), id: 'A'.repeat(5000) } }, 'answer.id'],
      [{ challenge }, 'answer'],
    ] as const) {
      const refused = await post('/api/staff/sign-in/passkey', payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(refused.json().field).toBe(field);
    }
  });

  it('has no passkeys for the admin key, which is nobody’s account', async () => {
    const answer = await subject.app.inject({ url: '/api/admin/staff/me/passkeys', headers: { 'x-api-key': KEY } });
    expect(answer.statusCode).toBe(400);
  });

  it('leaves an invitation usable when the passkey made for it does not hold', async () => {
    const invited = await post(
      '/api/admin/staff/invitations',
      { email: 'pk@example.test', roles: ['editor'] },
      { 'x-api-key': KEY },
    );
    expect(invited.statusCode).toBe(201);
    const mail = await subject.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('kind', '=', 'staff-invitation')
      .executeTakeFirstOrThrow();
    const token = /#([\w-]{43})/.exec(mail.body)![1]!;
    const options = await post('/api/staff/invitations/passkey/options', { token: token, name: 'Pat' });
    expect(options.json().options).toMatchObject({
      rp: { id: 'www.example.test' },
      user: { name: 'pk@example.test', displayName: 'Pat' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { challenge } = options.json() as { challenge: string };
    const accept = await post('/api/staff/invitations/accept', {
      token: token,
      name: 'Pat',
      passkey: {
        challenge,
        answer: { ...forgedAnswer(), response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
      },
    });
    expect(accept.statusCode).toBe(401);
    expect((await post('/api/staff/invitations/open', { token })).statusCode).toBe(200);
    const neither = await post('/api/staff/invitations/accept', { token: token, name: 'Pat' });
    expect(neither.json()).toMatchObject({ field: 'password', error: 'Choose a password, or add a passkey.' });
  });
});
