import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/app';
import { contact } from '../../tests/support/enquiries-payloads';

/** The left-most X-Forwarded-For is the client's own writing; only our proxies' entries count. */
describe('client addresses behind a proxy', () => {
  let subject: TestApp | undefined;
  afterEach(() => subject?.close());

  it.each(['1', '127.0.0.1', '127.0.0.0/8'])(
    'TRUST_PROXY=%s: a rotating left-most X-Forwarded-For does not get round the enquiry limit',
    async (trustProxy) => {
      subject = await createTestApp({ env: { TRUST_PROXY: trustProxy, ENQUIRY_RATE_LIMIT: '10' } });
      const statuses: number[] = [];
      for (let i = 1; i <= 25; i += 1) {
        const response = await subject.app.inject({
          method: 'POST',
          url: '/api/contact-submissions',
          payload: contact,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.7` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    },
  );

  it('with TRUST_PROXY=false a client cannot lock another address out by naming it', async () => {
    subject = await createTestApp({ env: { ENQUIRY_RATE_LIMIT: '2' } });
    const send = (remoteAddress: string) =>
      subject!.app.inject({
        method: 'POST',
        url: '/api/contact-submissions',
        payload: contact,
        remoteAddress,
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
    for (let i = 0; i < 3; i += 1) await send('192.0.2.1');
    expect((await send('192.0.2.2')).statusCode).toBe(201);
  });
});

/** HSTS goes on answers that came over HTTPS, which only a trusted proxy can vouch for. */
describe('HSTS behind a proxy', () => {
  let subject: TestApp | undefined;
  afterEach(() => subject?.close());
  const hsts = async (remoteAddress: string, headers: Record<string, string>) =>
    (await subject!.app.inject({ url: '/', remoteAddress, headers })).headers['strict-transport-security'];

  it('is sent when the trusted proxy says the request came over HTTPS, and not otherwise', async () => {
    subject = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1,::1' } });
    expect(await hsts('127.0.0.1', { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts('::1', { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts('127.0.0.1', { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts('127.0.0.1', {})).toBeUndefined();
    // Anyone else claiming HTTPS is not believed.
    expect(await hsts('203.0.113.9', { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is not sent when no proxy is trusted, whatever X-Forwarded-Proto says', async () => {
    subject = await createTestApp();
    expect(await hsts('127.0.0.1', { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
