import { type AdminSessionInfo, adminSessionPath } from '../../src/shared/admin-session';
import { createTestApp, type TestApp } from './app';
import { freePort } from './ops-commands';

/**
 * The test app listening on a real port, for a test that runs browser code in happy-dom
 * (`// @vitest-environment happy-dom`): the document is at the site's address, so the browser
 * code's relative calls, its cookies and its Origin are the site's, and staff are signed in with
 * the key, as the sign-in form does, so the session cookie is in the document. PUBLIC_URL names
 * the http address, or the cookie would be Secure and never sent.
 */
export async function openBrowserSite(
  adminKey: string,
  path = '/admin',
): Promise<{ subject: TestApp; session: AdminSessionInfo }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey, PUBLIC_URL: origin } });
  await subject.app.listen({ port, host: '127.0.0.1' });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}${path}`);
  const response = await fetch(adminSessionPath, {
    method: 'POST',
    credentials: 'include',
    headers: { 'x-api-key': adminKey },
  });
  if (response.status !== 201) throw new Error(`The key's sign-in answered ${response.status}`);
  return { subject, session: (await response.json()) as AdminSessionInfo };
}
