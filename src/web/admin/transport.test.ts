import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfHeader, sessionStatusPath } from '../../shared/admin-session';
import { HttpError } from '../lib/http';
import { createAdminTransport, search } from './transport';

/**
 * What every admin call shares (decision 0068), with the network stood in for by a stubbed
 * `fetch`: the session's CSRF token on each call, the first 401 ending the session once however
 * many calls notice, and every other answer counted as activity for the idle clock.
 */
const answers: Array<() => Response> = [];
const sent: Array<{ url: string; init?: RequestInit }> = [];

beforeEach(() => {
  answers.length = 0;
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer ready for ${url}`);
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function transport() {
  const onUnauthorized = vi.fn();
  const onActivity = vi.fn();
  return {
    onUnauthorized,
    onActivity,
    transport: createAdminTransport('the-csrf-token', { onUnauthorized, onActivity }),
  };
}

describe('createAdminTransport', () => {
  it("sends the session's CSRF token with each call and answers the JSON body", async () => {
    const { transport: t, onActivity } = transport();
    answers.push(json(200, { saved: true }));
    await expect(t.json('PUT', '/api/admin/site/faq', { value: [] })).resolves.toEqual({ saved: true });
    expect(sent[0]!.init?.method).toBe('PUT');
    expect((sent[0]!.init?.headers as Record<string, string>)[csrfHeader]).toBe('the-csrf-token');
    expect(sent[0]!.init?.body).toBe(JSON.stringify({ value: [] }));
    expect(onActivity).toHaveBeenCalledTimes(1);
  });

  it('ends the session once on the first 401, however many calls notice together', async () => {
    const { transport: t, onUnauthorized, onActivity } = transport();
    answers.push(json(401, { error: 'Unauthorized' }), json(401, { error: 'Unauthorized' }));
    const calls = await Promise.allSettled([t.send('GET', '/api/admin/bin'), t.send('GET', '/api/admin/blog')]);
    expect(calls.every((call) => call.status === 'rejected' && call.reason instanceof HttpError)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onActivity).not.toHaveBeenCalled();
  });

  it('counts any other refusal as activity: the session was alive', async () => {
    const { transport: t, onUnauthorized, onActivity } = transport();
    answers.push(json(404, { error: 'Not Found', message: 'There is no submission 7.' }));
    await expect(t.send('DELETE', '/api/contact-submissions/7')).rejects.toMatchObject({ status: 404 });
    expect(onActivity).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uploads a form without the progress channel through the same call', async () => {
    const { transport: t } = transport();
    answers.push(json(200, { logoPath: '/uploads/logo.png', shown: true }));
    const form = new FormData();
    form.set('logo', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    await expect(t.upload('/api/logo/upload', form)).resolves.toEqual({ logoPath: '/uploads/logo.png', shown: true });
    expect(sent[0]!.init?.body).toBe(form);
    expect((sent[0]!.init?.headers as Record<string, string>)[csrfHeader]).toBe('the-csrf-token');
  });

  it('treats an ended session found by the status check as a 401, and a live one as activity', async () => {
    const ended = transport();
    answers.push(json(200, { signedIn: false }));
    await ended.transport.checkSession();
    expect(sent[0]!.url).toBe(sessionStatusPath);
    expect(ended.onUnauthorized).toHaveBeenCalledTimes(1);

    const alive = transport();
    answers.push(json(200, { signedIn: true }));
    await alive.transport.checkSession();
    expect(alive.onUnauthorized).not.toHaveBeenCalled();
    expect(alive.onActivity).toHaveBeenCalledTimes(1);
  });
});

describe('search', () => {
  it('leaves out empty and missing values', () => {
    expect(search({ q: '', type: undefined, page: 2, reviewed: 'false' })).toBe('?page=2&reviewed=false');
    expect(search({ q: '' })).toBe('');
  });
});
