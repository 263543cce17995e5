import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deferredAssetsLoader } from '../rendering/deferred-assets';

/** A CSP source that allows one inline script, exactly this text. */
export const inlineScriptSource = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/**
 * The Content-Security-Policy. Scripts come only from our own origin: the page state, island
 * props and JSON-LD travel in non-executable <script type="application/…json"> blocks. One
 * inline block is allowed, by the hash of its fixed text: the few lines that load a public page's
 * files once it is drawn (decision 0044). Inline styles stay allowed for the critical CSS and
 * for style attributes set by UI primitives. Images may be any https address, because blog posts
 * may show external images.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${inlineScriptSource(deferredAssetsLoader)}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/** Browser features the site never uses, switched off for it and anything it might embed. */
const permissionsPolicy = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
  'serial',
  'bluetooth',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Sent with every response. Built once at start: no per-request work beyond copying them. */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy,
  'permissions-policy': permissionsPolicy,
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * Cuts every link between our window and cross-origin windows that opened it or that it opens.
 * Sent with everything but public pages (decision 0043): where staff data is shown it matters,
 * while on a public page, which holds nothing private, it costs each visitor's arrival a new
 * renderer process (and on Android opts the site into a process of its own).
 */
export const openerPolicy = { name: 'cross-origin-opener-policy', value: 'same-origin' } as const;

/** One year, the Observatory's "at least six months" and the preload list's minimum. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * HSTS goes only on answers that travelled over HTTPS: Caddy in front says so with
 * X-Forwarded-Proto, which Fastify believes only from a TRUST_PROXY address. RFC 6797 §7.2 says a
 * server must not send it over plain HTTP (browsers ignore it there anyway), and sending it on a
 * local http://localhost development server would only confuse (decision 0026).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header(openerPolicy.name, openerPolicy.value); // a public page takes it off (page-response.ts)
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    done();
  });
}
