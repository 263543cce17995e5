import http from 'node:http';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { type RunningCaddy, findCaddy, httpsRequest, startCaddy } from './caddy';
import { expect, test } from './fixtures';
import { type RunningServer, freePort, startServer } from './server';

const adminKey = 'e2e-https-proxy-key-0123456789abcdef';
const enquiryLimit = 3;
const hsts = 'max-age=31536000; includeSubDomains';

const enquiry = (email: string) => ({
  firstName: 'Proxy',
  lastName: 'Parent',
  email,
  mobile: '07700 900123',
  message: 'Is there space in the Saturday group?',
});

/** A plain-HTTP request to Caddy's HTTP port, as a browser typing the bare address sends it. */
function httpRequest(port: number, pathname: string): Promise<{ status: number; location?: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: pathname, agent: false, headers: { host: `localhost:${port}` } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        },
      )
      .on('error', reject);
  });
}

/**
 * The built app behind Debian's real caddy, configured by deploy/Caddyfile as deployed, with the
 * TRUST_PROXY of deploy/northstar.env. One app and one Caddy for the whole file: the steps share
 * the enquiry limit of each client address, so they run in order.
 */
test.describe('behind Caddy with HTTPS', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let caddy: RunningCaddy;
  let siteUrl: string;
  const over = (
    host: '127.0.0.1' | '::1',
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) => httpsRequest({ host, port: caddy.httpsPort, path, ca: caddy.rootCertificate, ...options });

  test.beforeAll(async () => {
    findCaddy(); // fails here, with the install command, when caddy is missing
    const ports = { httpPort: await freePort(), httpsPort: await freePort() };
    siteUrl = `https://localhost:${ports.httpsPort}`;
    server = await startServer({
      PUBLIC_URL: siteUrl,
      TRUST_PROXY: '127.0.0.1,::1',
      ADMIN_API_KEY: adminKey,
      ENQUIRY_RATE_LIMIT: String(enquiryLimit),
      WEB_CONCURRENCY: '1',
    });
    caddy = await startCaddy(new URL(server.baseUrl).host, ports);
  });
  test.afterAll(async () => {
    await caddy?.stop();
    await server?.stop();
    server?.remove();
  });

  test('plain HTTP is redirected to the same address over HTTPS', async () => {
    const answer = await httpRequest(caddy.httpPort, '/contact?from=leaflet');
    expect([301, 308]).toContain(answer.status);
    expect(answer.location).toBe(`${siteUrl}/contact?from=leaflet`);
  });

  test('HTTPS answers carry HSTS and the security headers, https canonical URLs and the precompressed page', async () => {
    const page = await over('127.0.0.1', '/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe(hsts);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The app's own brotli bytes and ETag, passed through (no `encode` in the Caddyfile).
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.etag).toBeTruthy();
    expect(page.headers.server).toBeUndefined();
    // A client claiming plain HTTP does not talk the app out of HSTS: Caddy sets X-Forwarded-Proto itself.
    const claimsHttp = await over('127.0.0.1', '/', { headers: { 'x-forwarded-proto': 'http' } });
    expect(claimsHttp.headers['strict-transport-security']).toBe(hsts);

    const html = await over('127.0.0.1', '/why-us');
    expect(html.body).toContain(`<link rel="canonical" href="${siteUrl}/why-us"`);
    expect(html.body).toContain(`<meta property="og:url" content="${siteUrl}/why-us"`);
    expect(html.body).not.toContain('http://localhost');
    expect(html.body).not.toContain('127.0.0.1');

    // The app's own redirects stay on the HTTPS address (a relative Location).
    const slash = await over('127.0.0.1', '/contact/');
    expect(slash.status).toBe(301);
    expect(new URL(slash.headers.location as string, `${siteUrl}/contact/`).href).toBe(`${siteUrl}/contact`);
    expect(slash.headers['strict-transport-security']).toBe(hsts);
  });

  test('a form sent from a browser through the proxy is stored, and staff see it through the admin API', async () => {
    // Chromium on 127.0.0.1 only, so the next test knows which address this enquiry counted against.
    const browser = await chromium.launch({
      executablePath: findChromium({ headlessShell: true }),
      args: ['--host-resolver-rules=MAP localhost 127.0.0.1', '--no-first-run'],
    });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const response = await page.goto(`${siteUrl}/contact`);
      expect(response?.headers()['strict-transport-security']).toBe(hsts);
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByLabel('First name').fill('Hana');
      await form.getByLabel('Last name').fill('Okafor');
      await form.getByLabel('Email').fill('hana.okafor@example.com');
      await form.getByLabel('Mobile').fill('07700 900456');
      await form.getByLabel('Message').fill('Do you teach A-level chemistry on weekday evenings?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('li[data-variant="default"]')).toContainText('Message sent successfully!');
    } finally {
      await browser.close();
    }
    const inbox = await over('::1', '/api/contact-submissions', { headers: { 'x-api-key': adminKey } });
    expect(inbox.status).toBe(200);
    expect(JSON.parse(inbox.body)).toEqual([
      expect.objectContaining({ email: 'hana.okafor@example.com', firstName: 'Hana', submissionType: 'contact' }),
    ]);
  });

  test('the app limits the real client address: forged X-Forwarded-For headers do not get round it', async () => {
    // 127.0.0.1 has one enquiry (the browser's); each of these claims to come from somewhere else.
    const statuses: number[] = [];
    for (let index = 1; index <= enquiryLimit + 3; index += 1) {
      const answer = await over('127.0.0.1', '/api/contact-submissions', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${index}`, 'x-real-ip': `198.51.100.${index}` },
        body: enquiry(`forged-${index}@example.com`),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(enquiryLimit - 1).fill(201),
      ...Array<number>(statuses.length - enquiryLimit + 1).fill(429),
    ]);
    // Caddy reaches the app from 127.0.0.1 for both clients, yet a client on ::1 has its own limit:
    // the app sees the client's address, not the proxy's.
    const other = await over('::1', '/api/contact-submissions', {
      method: 'POST',
      body: enquiry('other-client@example.com'),
    });
    expect(other.status).toBe(201);
  });

  test('staff sessions through the proxy: a Secure cookie, and writes need the CSRF token and the site origin', async () => {
    const signIn = await over('::1', '/api/admin/session', { method: 'POST', headers: { 'x-api-key': adminKey } });
    expect(signIn.status).toBe(201);
    const setCookie = [signIn.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/^admin_session=[\w-]{43}; Path=\/api; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;
    const { csrfToken } = JSON.parse(signIn.body) as { csrfToken: string };

    expect((await over('::1', '/api/contact-submissions', { headers: { cookie } })).status).toBe(200);
    const save = (headers: Record<string, string>) =>
      over('::1', '/api/settings', {
        method: 'POST',
        headers: { cookie, ...headers },
        body: { key: 'brand_text', value: 'Northstar Tutors' },
      });
    expect((await save({ origin: siteUrl })).status).toBe(403);
    expect((await save({ origin: 'https://evil.example', 'x-csrf-token': csrfToken })).status).toBe(403);
    expect((await save({ origin: siteUrl, 'x-csrf-token': csrfToken })).status).toBe(200);
  });

  // Last in the file: it stops the app.
  test('with the app stopped, Caddy shows the maintenance page with 503, Retry-After and the security headers', async () => {
    const code = await server.stop();
    expect(code, `the app's exit code; its output:\n${server.output()}`).toBe(0);
    const answer = await over('127.0.0.1', '/blog');
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('We’ll be back in a moment');
    expect(answer.headers['strict-transport-security']).toBe(hsts);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers.server).toBeUndefined();
  });
});
