import crypto from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** A route as the app registered it (from the onRoute hook), so new routes are fuzzed without a list. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Path segments that broke servers before: encodings, dot segments, numbers spelled oddly. */
const oddSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('%00', 'a%00b', '%ff', '%ED%A0%80') },
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ff',
    '%E0%A4%A',
    '%ED%A0%80',
    '%2f',
    '%2e%2e',
    '..',
    '.',
    '',
    '\\',
    '%5c',
    '0',
    '01',
    '1.0',
    '0x1',
    '-1',
    '1e3',
    '9'.repeat(40),
    '01600.webp',
    '160.webp',
    'evil.example',
    '%20',
    '~',
    '%u0000',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.nat({ max: 100_000 }).map(String),
  fc.constantFrom(101, 300, 2000, 20_000).map((length) => 'a'.repeat(length)),
);

const fillParams = (url: string) =>
  fc
    .tuple(fc.array(oddSegment, { minLength: 4, maxLength: 4 }), fc.array(oddSegment, { maxLength: 4 }))
    .map(([params, tail]) => {
      let index = 0;
      return url.replace(/:\w+/g, () => params[index++ % params.length]!).replace(/\*$/, tail.join('/'));
    });

/** A path built from a registered route, then perhaps bent: double slashes, trailing slashes, dots. */
const pathFor = (url: string) =>
  fc
    .tuple(
      fillParams(url),
      fc.oneof(
        { weight: 5, arbitrary: fc.constant('none') },
        fc.constantFrom('leading', 'trailing', 'dots', 'double', 'backslash'),
      ),
    )
    .map(([path, bend]) => {
      switch (bend) {
        case 'leading':
          return `//${path.replace(/^\/+/, '')}`;
        case 'trailing':
          return `${path}/`;
        case 'dots':
          return `/./..${path}`;
        case 'double':
          return path.replaceAll('/', '//');
        case 'backslash':
          return `/\\${path.slice(1)}`;
        default:
          return path;
      }
    });

const queryKey = fc.constantFrom('q', 'page', 'pageSize', 'category', 'type', 'reviewed', 'id', 'a%00', '%ff', 'q[]');
const queryValue = fc.oneof(oddSegment, fc.constantFrom('1', '0', '-5', '1e999', 'true', 'all', 'hero', 'contact'));
const queryString = fc
  .tuple(fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }), fc.boolean())
  // Often a parameter twice: code expecting a string gets an array.
  .map(([pairs, repeat]) => (repeat && pairs.length ? [...pairs, pairs[0]!] : pairs))
  .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` : ''));

/** JSON-ish bodies: malformed, deeply nested, huge numbers, wrong types, and near-valid forms. */
const jsonBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[]',
    'null',
    '"text"',
    '1e400',
    '{"firstName":1e999}',
    `{"page":${'9'.repeat(400)}}`,
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{}}}',
    '\u0000',
    '{"title":"a\\u0000b"}',
    '{"firstName":"\\ud800"}',
  ),
  fc.constantFrom(1000, 50_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.constantFrom(1000, 50_000).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        firstName: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        lastName: fc.string(),
        email: fc.oneof(fc.emailAddress(), fc.string()),
        mobile: fc.string(),
        telephone: fc.string(),
        message: fc.string(),
        subjectTitle: fc.string(),
        title: fc.string(),
        content: fc.oneof(fc.string(), fc.constant('<'.repeat(5000))),
        excerpt: fc.string(),
        author: fc.string(),
        category: fc.string(),
        value: fc.oneof(fc.string(), fc.boolean()),
        reviewed: fc.oneof(fc.string(), fc.boolean()),
        altText: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);

const multipartGarbage = fc
  .tuple(
    fc.constantFrom('image', 'logo', 'altText', 'x'),
    fc.uint8Array({ maxLength: 200 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([name, bytes, withFilename, truncated]) => {
    const boundary = `----fuzz${crypto.randomBytes(4).toString('hex')}`;
    const filename = withFilename ? '; filename="a.png"' : '';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename}\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(head),
      Buffer.from(bytes),
      Buffer.from(truncated ? '' : `\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  });

const body = fc.oneof(
  fc.constant(undefined),
  jsonBody.map((payload) => ({ payload, contentType: 'application/json' })),
  multipartGarbage,
  fc.constantFrom(
    { payload: 'x', contentType: 'multipart/form-data' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'plain words', contentType: 'text/plain' },
    { payload: '<xml/>', contentType: 'application/xml' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
    { payload: '{}', contentType: '' },
  ),
);

const headers = (key: string) =>
  fc.record(
    {
      'x-api-key': fc.constantFrom(key, key, '', 'wrong-key', `${key} `),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
      'x-forwarded-for': fc.constantFrom('203.0.113.7', '1.1.1.1, 2.2.2.2', 'garbage'),
      'if-none-match': fc.constantFrom('"x"', '*'),
      range: fc.constantFrom('bytes=0-1', 'bytes=9-1', 'lines=1'),
    },
    { requiredKeys: [] },
  );

/**
 * inject() parses the URL as a browser would, and refuses some ('/\\' reads as a host-less
 * address). Those go as an absolute URL on localhost, which keeps the path; the raw-socket tests
 * in http/hostile-paths.int.test.ts send such paths byte for byte.
 */
function injectable(url: string): string {
  try {
    new URL(url, 'http://localhost');
    return url;
  } catch {
    return `http://localhost${url}`;
  }
}

let address = 0;
/** Each request from its own address, so rate limits and the sign-in limiter stay out of the way. */
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

/** One request to inject: a registered route's path, bent, with any method, query, headers and body. */
export function requestFor(routes: readonly RegisteredRoute[], key: string): fc.Arbitrary<InjectOptions> {
  return fc
    .constantFrom(...routes)
    .chain((route) =>
      fc.record({
        // Mostly the route's own method, so the handler runs; sometimes any other.
        method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, fc.constantFrom(...methods)),
        path: pathFor(route.url),
        query: queryString,
        headers: headers(key),
        body,
      }),
    )
    .map(({ method, path, query, headers, body }) => ({
      method: method as InjectOptions['method'],
      url: injectable(path + query),
      headers: body ? { ...headers, 'content-type': body.contentType } : headers,
      ...(body && method !== 'GET' && method !== 'HEAD' ? { payload: body.payload } : {}),
      remoteAddress: nextAddress(),
    }));
}
