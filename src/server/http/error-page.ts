import type { FastifyRequest } from 'fastify';

/**
 * A browser that asked for a page (the admin's, or a public one not in the page cache) while the
 * database is away, or when something failed on our side, gets a page in words, not the API's
 * JSON body: it reads the same message and can try again. The page needs nothing the failure
 * might have taken (no database, no stylesheet, no script), and repeats nothing from the request.
 */
export const wantsErrorPage = (request: FastifyRequest, status: number) =>
  status >= 500 &&
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/api/') &&
  /\btext\/html\b/.test(String(request.headers.accept ?? ''));

const styles =
  'body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f8fafc;display:grid;min-height:100vh;place-items:center}' +
  'main{max-width:32rem;padding:2rem}h1{color:#1e3a8a}a{color:#1e40af}';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page, around the error body's message (a text of the error catalogue, escaped all the same). */
export const errorPageHtml = (message: string) =>
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
  `<title>Please try again in a minute</title><style>${styles}</style></head>` +
  `<body><main><h1>Please try again in a minute</h1><p>${escapeHtml(message)}</p>` +
  '<p><a href="">Try again</a></p></main></body></html>';
