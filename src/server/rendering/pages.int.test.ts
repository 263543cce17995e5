import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPublicPaths } from '../../shared/routes';
import { createSettingsRepo } from '../features/settings/repo';
import { inlineScriptSource } from '../http/security-headers';
import { deferredAssetsLoader } from './deferred-assets';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { defaultSiteFacts } from '../../shared/site-facts/defaults';

const initialState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="initial-state">(.*?)<\/script>/s.exec(html)![1]!);

describe('server-rendered pages', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_LINK_HOSTS: 'staging.example.test' } });
  });
  afterAll(() => subject.close());

  it.each(staticPublicPaths)('%s answers 200 with the whole shell in the raw HTML', async (path) => {
    const response = await subject.app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="en-GB">/);
    expect(html).toContain('We Cover:');
    expect(html).toContain('Ingleby Barwick');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    for (const label of ['Primary Tuition', 'Secondary Tuition', 'Exam Resits', 'Why Northstar?']) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('UKPRN 10011877');
    expect(html).toContain('01632 960123');
    expect(html).toContain(`© ${new Date().getFullYear()} Northstar Tutors`);
    expect(html).toContain('href="/free-assessment"');
    expect(html).toContain(`<link rel="canonical" href="https://www.example.test${path === '/' ? '/' : path}"`);
    expect(html).not.toContain('name="robots"');
  });

  it('gives every public page its own title and description', async () => {
    const heads = await Promise.all(
      staticPublicPaths.map(async (path) => {
        const html = (await subject.app.inject(path)).body;
        return [/<title>(.*?)<\/title>/.exec(html)![1], /name="description" content="(.*?)"/.exec(html)![1]];
      }),
    );
    expect(new Set(heads.map(([title]) => title)).size).toBe(staticPublicPaths.length);
    expect(new Set(heads.map(([, description]) => description)).size).toBe(staticPublicPaths.length);
  });

  it('answers an unknown path with the Not-found screen, a 404 and noindex', async () => {
    const response = await subject.app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('404 - Page Not Found');
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(response.body).toContain('Serving Middlesbrough &amp; Teesside');
    for (const button of ['Go Home', 'View Services', 'Contact Us']) expect(response.body).toContain(`>${button}</a>`);
    expect(response.body).toContain('We Cover:');
  });

  it('answers unknown API paths and non-GET page requests with JSON, not a page', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nothing-here' },
      // The form pages take a POST (decision 0062, features/enquiries/form-post.int.test.ts); no other page does.
      { method: 'POST' as const, url: '/privacy' },
      { method: 'PUT' as const, url: '/contact' },
    ]) {
      const response = await subject.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('redirects a trailing slash to the one address of the page, keeping the query', async () => {
    const response = await subject.app.inject('/contact/?from=ad');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/contact?from=ad');
  });

  it('survives hostile paths without a 500', async () => {
    for (const url of ['/%E0%A4%A', '//evil.example/x', '/contact?x=%', `/${'a'.repeat(5000)}`]) {
      const response = await subject.app.inject(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('shows the Admin link only on local hosts and listed hosts', async () => {
    const linkShown = async (host: string) =>
      (await subject.app.inject({ url: '/', headers: { host } })).body.includes('href="/admin"');
    expect(await linkShown('localhost:3000')).toBe(true);
    expect(await linkShown('127.0.0.1:3000')).toBe(true);
    expect(await linkShown('staging.example.test')).toBe(true);
    expect(await linkShown('www.northstartutors.example')).toBe(false);
  });

  it('renders the header from the stored settings, with the data the admin application hydrates from', async () => {
    const settings = createSettingsRepo(
      subject.database.db,
      () => new Date(),
      async () => defaultSiteFacts.details.name,
    );
    await settings.set('brand_text', 'Bright </script><script>alert(1)</script> Minds');
    await settings.set('show_site_logo', 'true');
    await settings.set('site_logo', '/images/logo.webp');
    try {
      const html = (await subject.app.inject('/')).body;
      expect(html).toContain('<span class="text-blue-700">Bright</span>');
      expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Minds');
      expect(html).toContain('src="/images/logo.webp"');
      expect(html).not.toContain('<script>alert(1)');
      // Public pages hydrate islands only, which carry their own props: no page state to download.
      expect(html).not.toContain('id="initial-state"');
      const state = initialState((await subject.app.inject('/admin')).body);
      const brand = state.queries.queries.find((query: { queryKey: string[] }) => query.queryKey[1] === 'brand_text');
      expect(brand.state.data.value).toBe('Bright </script><script>alert(1)</script> Minds');
      expect(state.shell).toMatchObject({ publicUrl: 'https://www.example.test', year: new Date().getFullYear() });
    } finally {
      await settings.set('brand_text', 'Northstar Tutors');
      await settings.set('show_site_logo', 'false');
    }
  });

  it('sends the testimonials once, as the cards: the carousel island’s props carry none (decision 0059)', async () => {
    const html = (await subject.app.inject('/')).body;
    const propsId = /data-island="TestimonialCarousel"[^>]*data-props-id="([^"]+)"/.exec(html)?.[1];
    expect(propsId).toBeTruthy();
    const props = new RegExp(`<script type="application/json" id="${propsId}">(.*?)</script>`).exec(html)?.[1];
    expect(props).toBe('{}');

    const cards = [...html.matchAll(/<blockquote>“(.*?)”<\/blockquote><figcaption>(.*?)<\/figcaption>/g)];
    expect(cards.length).toBeGreaterThan(0);
    for (const [, text, author] of cards) {
      expect(html.split(text!)).toHaveLength(2);
      expect(html.split(author!)).toHaveLength(2);
    }
  });

  it('sends the admin area as a client-only shell, marked noindex', async () => {
    const response = await subject.app.inject('/admin');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Loading the staff area');
  });

  it('answers a mistyped /admin/… address with a 404 that the admin area itself explains, not the public page', async () => {
    for (const url of ['/admin/unknown', '/admin/staff/extra']) {
      const response = await subject.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Loading the staff area');
      expect(response.body).not.toContain('404 - Page Not Found');
    }
  });
});

describe('security and transport headers', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('sends a script policy without unsafe-inline, nosniff, a referrer policy and frame-ancestors', async () => {
    const { headers } = await subject.app.inject('/');
    const policy = String(headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1];
    // Our own files and one fixed inline block, by its hash (static-files.int.test.ts checks it against a page).
    expect(scriptSrc).toBe(`'self' ${inlineScriptSource(deferredAssetsLoader)}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same full set of security headers on pages, API answers, errors and 404s', async () => {
    for (const url of ['/', '/missing', '/api/health', '/api/nowhere']) {
      const { headers } = await subject.app.inject(url);
      expect(headers['x-frame-options']).toBe('DENY');
      // Plain HTTP from a client with no trusted proxy: HSTS is for HTTPS answers only (trust-proxy test).
      expect(headers['strict-transport-security']).toBeUndefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
      const permissions = String(headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions).toContain(`${feature}=()`);
      }
      // Blog posts may show images from any https address.
      expect(/img-src ([^;]*)/.exec(String(headers['content-security-policy']))![1]).toBe("'self' data: blob: https:");
    }
  });

  it('isolates the admin application and every API answer from other windows, but not public pages', async () => {
    // Decision 0043: Cross-Origin-Opener-Policy where staff data can be shown; a public page holds none.
    const isolated = ['/admin', '/admin/blog', '//admin', '/api/health', '/api/nowhere', '/api/admin/enquiries'];
    for (const url of isolated) {
      const { headers } = await subject.app.inject(url);
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    for (const url of ['/', '/blog', '/privacy', '/missing', '/admin-not-really']) {
      const { headers } = await subject.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('compresses pages for clients that accept it', async () => {
    const response = await subject.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await subject.app.inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
